import { loggableError } from "@hyn/core";
import { DataDirInUseError, isConnectionLost } from "@hyn/db";
import { EnvError } from "./env";

/**
 * The process's last words: one line naming a bad variable or the server already holding the
 * data directory, or the error without a failed query's values (Node's own report would print them:
 * they are properties of the error).
 */
export function exitOnError(error: unknown): never {
  const database = databaseCauseOf(error);
  if (database) process.stderr.write(`Cannot open the database: ${database}\n`);
  if (error instanceof EnvError) process.stderr.write(`${error.message}\n`);
  // A second server, or a stale claim whose pid now belongs to another program (after a reboot).
  else if (error instanceof DataDirInUseError)
    process.stderr.write(`${error.message}: stop that server first, or delete ${error.ownerFile} if it is not one.\n`);
  else
    process.stderr.write(
      `${JSON.stringify({ level: 60, time: Date.now(), msg: "stopped on an error", err: loggableError(error) })}\n`,
    );
  process.exit(1);
}

/**
 * SQLSTATEs that say the database itself cannot be used, whatever the statement: it does not exist
 * (3D000), the login was refused (class 28), or it is starting up or shutting down.
 */
const UNUSABLE_DATABASE = /^(3D000|28[0-9A-Z]{3}|57P0[1-3])$/;

/**
 * What an operator must fix when the start failed on the database rather than on a statement: the
 * driver's own words (`database "x" does not exist`), from under a failed query that would otherwise
 * head the report (`Failed query: select ...`). Null for any other failure.
 */
export function databaseCauseOf(error: unknown): string | null {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const unusable = typeof code === "string" && (UNUSABLE_DATABASE.test(code) || isConnectionLost(current));
    if (unusable && typeof message === "string") return message;
  }
  return null;
}

/** Failures outside any request or worker (start-up, a stray rejection) end the process through exitOnError. */
export function exitOnUncaughtErrors(): void {
  process.on("uncaughtException", exitOnError);
  process.on("unhandledRejection", exitOnError);
}
