/**
 * `backup FILE`: a consistent copy of the configured database while the app runs. PostgreSQL: pg_dump
 * (one snapshot, custom format). PGlite: a point-in-time copy of its data directory, taken by the
 * running server (which holds the directory; @hyn/db backup/hand-off.ts) or, when none runs, here.
 * Written beside FILE first, readable by its owner only (it holds every secret), then renamed into place.
 */
import { rename, rm, stat, writeFile } from "node:fs/promises";
import { createDb, DataDirInUseError, dumpPglite, dumpPostgres, readBackupHandOff, MissingClientError } from "@hyn/db";
import { readProcessEnv } from "../env";
import { CommandError, operatorCommand, runOperatorCommand } from "./operator-command";

const USAGE = "scripts/pnpm backup [--env-file FILE] <backup file>";

/** The embedded database's copy: from this process when no server holds it, else from the server. */
async function pgliteCopy(dataDir: string): Promise<Uint8Array> {
  try {
    const handle = await createDb({ dataDir });
    try {
      return await dumpPglite(handle.pglite!);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
  }
  const handOff = readBackupHandOff(dataDir);
  if (!handOff)
    throw new CommandError(
      `A server holds ${dataDir} but has not said where to ask it for a backup (it is starting, or older than this command): try again once it is ready.`,
    );
  const response = await fetch(handOff.url, { headers: { authorization: `Bearer ${handOff.key}` } }).catch(
    (error: unknown) => {
      throw new CommandError(`The server holding ${dataDir} did not answer at ${handOff.url}: ${String(error)}`);
    },
  );
  if (!response.ok) throw new CommandError(`The server holding ${dataDir} refused the backup (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

await runOperatorCommand(async () => {
  const { env, args, databaseName } = operatorCommand(process.argv.slice(2), { usage: USAGE, creates: false });
  const file = args[0];
  if (!file) throw new CommandError(`Usage: ${USAGE}`, 2);
  // The backup and its partial copy are the owner's alone (pg_dump creates its file under this mask too).
  process.umask(0o077);
  const partial = `${file}.partial`;
  try {
    if (env.DATABASE_URL) await dumpPostgres(env.DATABASE_URL, partial, readProcessEnv());
    else await writeFile(partial, await pgliteCopy(env.DATA_DIR), { mode: 0o600 });
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof MissingClientError) throw new CommandError(error.message);
    throw error;
  }
  await rename(partial, file);
  const { size } = await stat(file);
  process.stdout.write(
    `Backup of ${databaseName} written to ${file} (${(size / 1024 / 1024).toFixed(1)} MB). It holds every secret of the app: keep it like a password.\n`,
  );
  process.exit(0);
});
