/**
 * `restore FILE`: a backup made by `backup` into the configured database, which must be empty (a new
 * PostgreSQL database, or a DATA_DIR that is absent or empty): nothing is ever overwritten.
 */
import { readFile } from "node:fs/promises";
import {
  backupKindOf,
  BackupFormatError,
  MissingClientError,
  restorePglite,
  restorePostgres,
  RestoreTargetNotEmptyError,
} from "@hyn/db";
import { readProcessEnv } from "../env";
import { CommandError, operatorCommand, runOperatorCommand } from "./operator-command";

const USAGE = "scripts/pnpm restore [--env-file FILE] <backup file>";

await runOperatorCommand(async () => {
  const { env, args, databaseName } = operatorCommand(process.argv.slice(2), { usage: USAGE, creates: true });
  const file = args[0];
  if (!file) throw new CommandError(`Usage: ${USAGE}`, 2);
  try {
    const kind = backupKindOf(file);
    if (env.DATABASE_URL) {
      if (kind !== "postgres")
        throw new CommandError(
          `${file} is a backup of the embedded database (PGlite): unset DATABASE_URL and set DATA_DIR to an empty directory to restore it.`,
        );
      await restorePostgres(env.DATABASE_URL, file, readProcessEnv());
    } else {
      if (kind !== "pglite")
        throw new CommandError(
          `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to an empty database to restore it.`,
        );
      await restorePglite(env.DATA_DIR, await readFile(file));
    }
  } catch (error) {
    if (
      error instanceof RestoreTargetNotEmptyError ||
      error instanceof MissingClientError ||
      error instanceof BackupFormatError
    )
      throw new CommandError(`Not restored: ${error.message}.`);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new CommandError(`Not restored: no file ${file}.`);
    throw error;
  }
  process.stdout.write(`Restored ${file} into ${databaseName}. Start the server on it.\n`);
  process.exit(0);
});
