import type { Executor } from "@hyn/db";

export interface TimedJobOptions {
  /** Not run before this instant (the database's clock decides). */
  startAfter?: Date;
  /** On a queue that keeps one waiting job per key, a send whose key is already waiting is a no-op (returns null). */
  singletonKey?: string;
  /** The caller's transaction: the job exists only if it commits. */
  in?: Executor;
}

/**
 * What a service needs to queue background or timed work ("remind at T" when a request is claimed):
 * the job engine (apps/server/src/jobs/engine.ts, ADR 0013) implements it.
 */
export interface JobQueue {
  /** Returns the job's id, or null when a singleton with that key was already waiting. */
  send(name: string, data: object, options?: TimedJobOptions): Promise<string | null>;
}
