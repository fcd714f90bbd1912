import pretty from "pino-pretty";
import type { Env } from "./env";

export type LogFormat = "pretty" | "json";

/** Readable lines for a person at a terminal; JSON lines for whatever collects a server's output. */
export function logFormatFor(env: Pick<Env, "LOG_FORMAT" | "NODE_ENV">, stdoutIsTerminal: boolean): LogFormat {
  return env.LOG_FORMAT ?? (stdoutIsTerminal && env.NODE_ENV !== "production" ? "pretty" : "json");
}

/**
 * pino-pretty as a stream in this thread rather than a transport: a transport runs in a worker thread
 * that loads its module from a file, which the one-file bundle (ADR 0007) does not have. A request's
 * fields are left out: its line already says them.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): ReturnType<typeof pretty> {
  return pretty({
    destination,
    colorize: destination === process.stdout,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    singleLine: true,
    sync: true,
  });
}
