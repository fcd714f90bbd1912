import { migrationStatus, missingAppTables, type DbHandle } from "@hyn/db";
import type { FastifyInstance } from "fastify";
import type { Drain } from "../drain";
import { OVERLOAD_RETRY_AFTER_SECONDS } from "../overload";

/**
 * `/healthz`: the process answers. `/readyz`: the database answers, holds every committed migration and
 * still has every table the schema declares (an instance on a database that is empty, behind or damaged
 * would fail its calls), and the instance is not
 * draining, so no proxy or orchestrator sends it new calls. Under overload (ADR 0035) `/healthz` still
 * answers (restarting a busy process loses its work) and `/readyz` says 503 with Retry-After, so a
 * proxy that checks it sends calls elsewhere while this instance sheds them.
 */
export function registerHealth(
  server: FastifyInstance,
  options: { db: DbHandle; drain: Drain; overload: { isOverloaded(): boolean } },
): void {
  const { db, drain, overload } = options;
  server.get("/healthz", async () => ({ ok: true }));
  server.get("/readyz", async (request, reply) => {
    if (drain.isDraining()) return reply.code(503).send({ ok: false, draining: true });
    if (overload.isOverloaded())
      return reply
        .code(503)
        .header("Retry-After", String(OVERLOAD_RETRY_AFTER_SECONDS))
        .send({ ok: false, overloaded: true });
    try {
      const { pending } = await migrationStatus(db);
      if (pending > 0)
        return reply.code(503).send({
          ok: false,
          database: db.kind,
          error: `Database schema is behind: ${pending} migration(s) not applied`,
        });
      const missing = await missingAppTables(db);
      if (missing.length > 0)
        return reply.code(503).send({
          ok: false,
          database: db.kind,
          error: `Database is missing ${missing.length} table(s): ${missing.join(", ")}`,
        });
      return { ok: true, database: db.kind };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ ok: false, database: db.kind, error: "Database is not reachable" });
    }
  });
}
