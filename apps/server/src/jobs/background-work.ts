import type { Clock, Logger, MailTransport, PushConfig, Services } from "@hyn/core";
import type { Database } from "@hyn/db";
import type { Env } from "../env";
import type { AppMetrics } from "../metrics";
import { scheduleChangeLogPruning } from "./change-log-pruner";
import { scheduleDailyDigest } from "./daily-digest";
import type { JobEngine } from "./engine";
import { scheduleOutboxPruning } from "./outbox-pruner";
import { startOutboxWorker, type OutboxWorker } from "./outbox-worker";
import { definePushDelivery } from "./push-delivery";
import { scheduleWeeklySummary } from "./weekly-summary";
import { defineTimedJobs, scheduleCleanUp } from "./timed-jobs";
import { scheduleWhileAway } from "./while-away";

export interface BackgroundWorkDeps {
  env: Env;
  db: Database;
  clock: Clock;
  logger: Logger;
  services: Services;
  transport: MailTransport;
  push: PushConfig;
  metrics: AppMetrics;
  /** How long a change-log row must be kept for the answer caches that read it (ADR 0009). */
  changeLogMaxAgeMs: number;
}

/**
 * The outbox worker, and every queue and schedule on the job engine (ADR 0013). Queues are defined
 * before the server listens, so no claim queues to a missing one.
 */
export async function startBackgroundWork(jobs: JobEngine, deps: BackgroundWorkDeps): Promise<OutboxWorker> {
  const { env, db, clock, logger, services } = deps;
  const outbox = startOutboxWorker(
    { db, clock, logger, transport: deps.transport, from: env.MAIL_FROM },
    { wakeOnCommit: true },
  );
  // The timed jobs (reminders, nudges, repeating requests, weekly trips); a delivery pass catches and
  // logs its own errors, so nothing waits for the outbox's kick.
  await defineTimedJobs(jobs, services, { logger, onMailQueued: () => void outbox.kick() });
  // Pushes, sent after the change that caused them committed (issue 16, ADR 0017).
  await definePushDelivery(jobs, { db, clock, logger, push: deps.push, metrics: deps.metrics });
  // The change log is pruned whether or not this instance's cache is on: others may read it.
  await scheduleChangeLogPruning(jobs, db, deps.changeLogMaxAgeMs);
  // Sent e-mails older than 30 days (ADR 0002).
  await scheduleOutboxPruning(jobs, db, clock);
  // What is past its retention (packages/core/src/retention), nightly.
  await scheduleCleanUp(jobs, { db, clock, logger, requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION });
  // The daily summary; its e-mails go out through the outbox like every other (ADR 0002).
  await scheduleDailyDigest(jobs, {
    clock,
    logger,
    schedule: { hour: env.DIGEST_HOUR, timeZone: env.APP_TIMEZONE },
    run: (runOptions) => services.notifications.runDailyDigest(runOptions),
    onSent: () => void outbox.kick(),
  });
  // The weekly summary (issue 41), on DIGEST_WEEKDAY at the same hour.
  await scheduleWeeklySummary(jobs, {
    clock,
    logger,
    schedule: { weekday: env.DIGEST_WEEKDAY, hour: env.DIGEST_HOUR, timeZone: env.APP_TIMEZONE },
    run: (runOptions) => services.notifications.runWeeklySummary(runOptions),
    onSent: () => void outbox.kick(),
  });
  // What their groups did, to members quiet for a month (issue 41 §5), daily.
  await scheduleWhileAway(jobs, {
    logger,
    timeZone: env.APP_TIMEZONE,
    run: (runOptions) => services.notifications.runWhileAwayNotices(runOptions),
    onSent: () => void outbox.kick(),
  });
  return outbox;
}
