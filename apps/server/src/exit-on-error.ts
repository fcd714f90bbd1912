import { loggableError } from "@hyn/core";
import { DataDirInUseError } from "@hyn/db";
import { EnvError } from "./env";

/**
 * The process's last words: one line naming a bad variable or the server already holding the
 * data directory, or the error without a failed query's values (Node's own report would print them:
 * they are properties of the error).
 */
export function exitOnError(error: unknown): never {
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

/** Failures outside any request or worker (start-up, a stray rejection) end the process through exitOnError. */
export function exitOnUncaughtErrors(): void {
  process.on("uncaughtException", exitOnError);
  process.on("unhandledRejection", exitOnError);
}
