import {
  runCleanUps,
  NEXT_TRIP_JOB,
  REQUEST_REMINDER_JOB,
  SERIES_NEXT_JOB,
  STILL_NEEDED_JOB,
  LATER_REACH_JOB,
  type Clock,
  type Logger,
  type NextTripJob,
  type RequestReminderJob,
  type SeriesNextJob,
  type Services,
  type StillNeededJob,
  type LaterReachJob,
} from "@hyn/core";
import type { Database } from "@hyn/db";
import type { JobEngine } from "./engine";

/** One kind of timed job: a job the core queues in a transaction, due at a time, run by whichever instance takes it. */
interface TimedJob<Job> {
  queue: string;
  /** What runs it: a service's handler, which answers an outcome word. */
  handler: (services: Services) => (job: Job) => Promise<string>;
  /** The outcome after which e-mails were queued, to be delivered now rather than at the outbox's next poll. */
  sendsMailWhen: string;
  /** The log line's message and fields of one run. */
  logMessage: string;
  logFields: (job: Job) => Record<string, unknown>;
}

/**
 * Every timed job, the one table the app (background-work.ts) and the tests' two instances define their
 * queues from. Each kind waits once per key (`oneWaitingPerKey`), yet a job may still run twice (a retry
 * after a crash, an expired lease taken back by another instance): each handler's transaction makes the
 * second run change nothing (a primary key, a conditional update or `ON CONFLICT DO NOTHING`).
 */
export const TIMED_JOBS = {
  /** The reminders before a needed-by time (packages/core/src/reminders), queued with a post or a claim. */
  reminders: {
    queue: REQUEST_REMINDER_JOB,
    handler: (services) => (job) => services.reminders.run(job),
    sendsMailWhen: "sent",
    logMessage: "request reminder",
    logFields: (job) => ({ requestId: job.requestId, kind: job.kind }),
  } satisfies TimedJob<RequestReminderJob>,
  /** The "Still needed" alert of a request nobody has taken half-way to its needed-by time (issues 26, 41 §3, packages/core/src/nudges). */
  nudges: {
    queue: STILL_NEEDED_JOB,
    handler: (services) => (job) => services.nudges.run(job),
    sendsMailWhen: "sent",
    logMessage: "still-needed nudge",
    logFields: (job) => ({ requestId: job.requestId }),
  } satisfies TimedJob<StillNeededJob>,
  /** A posting notice's resting helpers, told if nobody has offered by then (issue 41 §2, packages/core/src/helper-rest). */
  laterReach: {
    queue: LATER_REACH_JOB,
    handler: (services) => (job) => services.laterReach.run(job),
    sendsMailWhen: "sent",
    logMessage: "later reach",
    logFields: (job) => ({ requestId: job.requestId, noticeAt: job.noticeAt, count: job.userIds.length }),
  } satisfies TimedJob<LaterReachJob>,
  /** A repeating request's next occurrence (ADR 0023): at once after a fulfil or delete, or at its needed-by time. */
  series: {
    queue: SERIES_NEXT_JOB,
    handler: (services) => (job) => services.series.run(job),
    sendsMailWhen: "posted",
    logMessage: "series next",
    logFields: (job) => ({ seriesId: job.seriesId, afterIndex: job.afterIndex }),
  } satisfies TimedJob<SeriesNextJob>,
  /** A weekly trip's next one, announced a set time before it leaves (ADR 0022). */
  trips: {
    queue: NEXT_TRIP_JOB,
    handler: (services) => (job) => services.trips.announceNext(job),
    sendsMailWhen: "announced",
    logMessage: "next weekly trip",
    logFields: (job) => ({ tripId: job.tripId }),
  } satisfies TimedJob<NextTripJob>,
};

export type TimedJobKind = keyof typeof TIMED_JOBS;
/** The job a kind's queue carries. */
export type TimedJobOf<K extends TimedJobKind> = Parameters<ReturnType<(typeof TIMED_JOBS)[K]["handler"]>>[0];

export interface TimedJobDeps<K extends TimedJobKind> {
  run: (job: TimedJobOf<K>) => Promise<string>;
  logger: Logger;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onMailQueued?: () => void;
}

/** Defines a kind's queue on this instance's engine, with a worker that runs, logs and kicks the outbox. */
export async function defineTimedJob<K extends TimedJobKind>(
  engine: JobEngine,
  kind: K,
  deps: TimedJobDeps<K>,
): Promise<void> {
  const timedJob = TIMED_JOBS[kind] as unknown as TimedJob<TimedJobOf<K>>;
  await engine.define<TimedJobOf<K>>(
    timedJob.queue,
    async (job) => {
      const outcome = await deps.run(job);
      deps.logger.info({ ...timedJob.logFields(job), outcome }, timedJob.logMessage);
      if (outcome === timedJob.sendsMailWhen) deps.onMailQueued?.();
    },
    { oneWaitingPerKey: true },
  );
}

/** Every timed job's queue, each run by its service's handler (the app's background work). */
export async function defineTimedJobs(
  engine: JobEngine,
  services: Services,
  deps: { logger: Logger; onMailQueued: () => void },
): Promise<void> {
  for (const kind of Object.keys(TIMED_JOBS) as TimedJobKind[]) {
    const handler = TIMED_JOBS[kind].handler(services) as (job: TimedJobOf<typeof kind>) => Promise<string>;
    await defineTimedJob(engine, kind, { run: handler, ...deps });
  }
}

/**
 * The clean-up of what is past its retention (expired sessions, spent links, never-confirmed accounts,
 * the old send log, join requests and invitations: packages/core/src/retention/periods.ts states each
 * period), nightly on one instance, beside the timed jobs above.
 */
export const CLEAN_UP_JOB = { queue: "clean-up", cron: "43 3 * * *" } as const;

export async function scheduleCleanUp(
  engine: JobEngine,
  deps: { db: Database; clock: Clock; logger: Logger; requireEmailConfirmation: boolean },
): Promise<void> {
  await engine.every(CLEAN_UP_JOB.queue, CLEAN_UP_JOB.cron, async () => {
    const deleted = await runCleanUps(deps.db, deps.clock.now(), {
      requireEmailConfirmation: deps.requireEmailConfirmation,
    });
    deps.logger.info({ deleted }, "clean-up of rows past their retention");
  });
}
