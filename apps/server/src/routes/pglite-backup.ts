import { dumpPglite, newBackupKey } from "@hyn/db";
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { bearerMatches } from "../same-secret";

export const PGLITE_BACKUP_ROUTE = "/internal/backup";

/**
 * The running server's copy of its embedded database, for `backup` (cli/backup.ts): PGlite cannot be
 * opened by a second process. Only with the key the server wrote into its data directory
 * (`hyn-backup.json`, @hyn/db backup/hand-off.ts); anything else is a 404, as if the route did not exist.
 */
export function registerPgliteBackup(server: FastifyInstance, pglite: PGlite): { key: string } {
  const key = newBackupKey();
  server.get(PGLITE_BACKUP_ROUTE, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, key)) return reply.code(404).send({ error: "Not found" });
    const started = Date.now();
    const copy = await dumpPglite(pglite);
    request.log.info({ bytes: copy.byteLength, ms: Date.now() - started }, "backup of the embedded database taken");
    return reply.type("application/gzip").header("cache-control", "no-store").send(Buffer.from(copy));
  });
  return { key };
}
