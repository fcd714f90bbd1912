import type { Executor, DbHandle } from "@hyn/db";
import type { JobQueue, Logger } from "@hyn/core";
import { storableJson } from "@hyn/validators";
import { sql, type SQL } from "drizzle-orm";
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db, type Job } from "pg-boss";

/** How a queue's failed jobs come back: `retryLimit` more tries, `retryDelaySeconds * 2^n` apart (with jitter). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active this long (its process died, or it hangs) is taken back and retried. */
  expireInSeconds: number;
}

export interface QueueSettings extends Partial<RetryPolicy> {
  /** At most one job per `singletonKey` waits to start: a second send with that key returns null ("remind at T" per request). */
  oneWaitingPerKey?: boolean;
}

export const defaultRetryPolicy: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 };

export interface JobContext {
  /** Aborted when the engine stops: stop between two units of work; the job is retried. */
  signal: AbortSignal;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/** One job of a batch: its data, its own signal (aborted when the engine stops or the job is taken back) and attempt. */
export interface BatchJob<T> extends JobContext {
  data: T;
}

/**
 * Runs a batch of jobs, each on its own: the answer says, in the batch's order, which ended and which
 * failed (and come back with the queue's backoff, alone).
 */
export type BatchHandler<T> = (jobs: BatchJob<T>[]) => Promise<PromiseSettledResult<unknown>[]>;

export interface JobEngine extends JobQueue {
  /** A queue and this instance's worker for it. */
  define<T extends object>(name: string, handler: JobHandler<T>, settings?: QueueSettings): Promise<void>;
  /**
   * A queue whose worker takes up to `batchSize` waiting jobs per fetch and hands them to `handler` at
   * once (which may run them side by side); each job ends or is retried on its own.
   */
  defineBatch<T extends object>(
    name: string,
    handler: BatchHandler<T>,
    settings: QueueSettings & { batchSize: number },
  ): Promise<void>;
  /**
   * Periodic work: a queue, its worker, and a cron schedule (minute, hour, day, month, weekday) in `timeZone`.
   * However many instances run, each occurrence becomes one job, run by one of them.
   */
  every(
    name: string,
    cron: string,
    handler: JobHandler<object>,
    options?: { timeZone?: string; settings?: QueueSettings },
  ): Promise<void>;
  /** Stops fetching, tells running handlers to stop, waits for them (their jobs are retried later), closes its pool. */
  stop(): Promise<void>;
}

export interface JobEngineOptions {
  /**
   * How often each worker asks for jobs (pg-boss's minimum is 0.5 s). A job queued to start at once wakes
   * the workers of every instance when its transaction commits (LISTEN/NOTIFY); the poll is the fallback,
   * and what starts a job queued for later.
   */
  pollingIntervalSeconds?: number;
  /** How often active jobs past their expiry are taken back (pg-boss's supervise and monitor passes; 60 s by default). */
  expiryCheckIntervalSeconds?: number;
}

/**
 * The one scheduler for timed and background work (ADR 0013): pg-boss in the app's own database, in its
 * `pgboss` schema, created (under pg-boss's advisory lock) on first start. On PostgreSQL pg-boss holds a
 * small pool of its own; on PGlite it shares the one in-process connection.
 */
export async function startJobEngine(
  handle: DbHandle,
  logger: Logger,
  options: JobEngineOptions = {},
): Promise<JobEngine> {
  if (!handle.pglite && !handle.url) throw new Error("the job engine needs PGlite or a postgres:// URL");
  const connection: ConstructorOptions = handle.pglite
    ? { db: fromPglite(handle.pglite), backend: "pglite" }
    : { connectionString: handle.url, max: 3, application_name: "hyn-jobs" };
  const boss = new PgBoss({
    ...connection,
    ...(options.expiryCheckIntervalSeconds
      ? {
          superviseIntervalSeconds: options.expiryCheckIntervalSeconds,
          monitorIntervalSeconds: options.expiryCheckIntervalSeconds,
        }
      : {}),
    // Warnings (slow queries, backlogs) go to the log below, not to a table nobody reads.
    persistWarnings: false,
    // A job queued to start now wakes the workers when its transaction commits: pg-boss's pg_notify goes
    // into the INSERT's transaction, and each instance LISTENs on one connection of its own (PGlite: in-process).
    useListenNotify: true,
  });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job engine error"));
  boss.on("warning", (warning) => logger.warn({ data: warning.data }, `job engine: ${warning.message}`));
  await boss.start();

  const stopping = new AbortController();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  /** The queue, with the settings of this code: a queue made by an older release is brought up to them. */
  async function ensureQueue(name: string, settings: QueueSettings) {
    const { retryLimit, retryDelaySeconds, expireInSeconds } = { ...defaultRetryPolicy, ...settings };
    // "short": one created job per singleton key; "standard" ignores the key unless given a time window.
    const policy = settings.oneWaitingPerKey ? "short" : "standard";
    const options = { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds, notify: true };
    await boss.createQueue(name, { policy, ...options });
    // createQueue leaves an existing queue as it was (before issue 44 none had `notify`).
    await boss.updateQueue(name, options);
  }

  /** The worker's polling: the interval as the fallback whether or not NOTIFY is up. */
  const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };

  async function define<T extends object>(name: string, handler: JobHandler<T>, settings: QueueSettings = {}) {
    await ensureQueue(name, settings);
    await boss.work<T>(name, polling, async ([job]: Job<T>[]) => {
      const signal = AbortSignal.any([stopping.signal, job!.signal]);
      try {
        await handler(job!.data, { signal, retryCount: job!.retryCount });
        // Stopped part-way: the rest is still owed, so the job must come back.
        if (signal.aborted) throw new Error(`${name} stopped before it finished`);
      } catch (error) {
        logger.warn(
          { err: error, job: name, retryCount: job!.retryCount },
          "job failed; pg-boss retries it with backoff",
        );
        throw error;
      }
    });
  }

  async function defineBatch<T extends object>(
    name: string,
    handler: BatchHandler<T>,
    settings: QueueSettings & { batchSize: number },
  ) {
    await ensureQueue(name, settings);
    await boss.work<T>(
      name,
      // A full batch means more are waiting: fetch again at once rather than after the poll.
      { ...polling, batchSize: settings.batchSize, perJobResults: true, burstWhenBatchFull: true },
      async (batch: Job<T>[]) => {
        const contexts = batch.map((job) => ({
          data: job.data,
          signal: AbortSignal.any([stopping.signal, job.signal]),
          retryCount: job.retryCount,
        }));
        const outcomes = await handler(contexts);
        return batch.map((job, i) => {
          const outcome = outcomes[i];
          const failure =
            outcome?.status === "rejected"
              ? outcome.reason
              : contexts[i]!.signal.aborted
                ? new Error(`${name} stopped before it finished`)
                : outcome
                  ? null
                  : new Error(`${name}: no outcome for this job`);
          if (failure === null) return { id: job.id, status: "completed" as const };
          logger.warn(
            { err: failure, job: name, retryCount: job.retryCount },
            "job failed; pg-boss retries it with backoff",
          );
          return {
            id: job.id,
            status: "failed" as const,
            output: { message: failure instanceof Error ? failure.message : String(failure) },
          };
        });
      },
    );
  }

  return {
    define,
    defineBatch,
    async every(name, cron, handler, everyOptions = {}) {
      await define(name, handler, everyOptions.settings);
      await boss.schedule(name, cron, null, { tz: everyOptions.timeZone ?? "UTC", missed: "once" });
    },
    send(name, data, sendOptions = {}) {
      // A payload's text as PostgreSQL can store it: no text in it can fail the action that queues it (issue 38).
      return boss.send(name, storableJson(data), {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.in ? { db: onExecutor(sendOptions.in) } : {}),
      });
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, close: true, timeout: 30_000 });
    },
  };
}

/** pg-boss statements on the caller's connection (a transaction, usually): both drivers answer rows or { rows }. */
function onExecutor(executor: Executor): Db {
  return fromDrizzle(
    { execute: (query) => executor.execute(query as SQL) as Promise<{ rows: unknown[] } | unknown[]> },
    sql,
  );
}
