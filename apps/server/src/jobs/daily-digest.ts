import {
  latestDigestSlot,
  type Clock,
  type DigestRunOptions,
  type DigestRunResult,
  type DigestSchedule,
  type Logger,
} from "@hyn/core";
import type { JobContext, JobEngine } from "./engine";

export const DAILY_DIGEST_JOB = "daily-digest";

export interface DailyDigestDeps {
  clock: Clock;
  logger: Logger;
  schedule: DigestSchedule;
  run: (options: DigestRunOptions) => Promise<DigestRunResult>;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/**
 * One digest job: serves the latest digest time by the app's clock. A job may run on any instance, twice
 * (a cron occurrence and the catch-up at start) or again after a crash: each member is claimed in the
 * database (ADR 0003, kept by ADR 0013), so nobody gets two. Stopped part-way, the job is retried.
 */
export function dailyDigestJob(deps: DailyDigestDeps) {
  return async (_data: object, job: JobContext): Promise<void> => {
    const slot = latestDigestSlot(deps.clock.now(), deps.schedule);
    const result = await deps.run({ slot, signal: job.signal });
    if (result.considered > 0) deps.logger.info({ slot: slot.toISOString(), ...result }, "daily summary run");
    if (result.sent > 0) deps.onSent?.();
  };
}

/** DIGEST_HOUR o'clock in APP_TIMEZONE, by cron, plus one run at start so a server that was down at that hour catches up. */
export async function scheduleDailyDigest(engine: JobEngine, deps: DailyDigestDeps): Promise<void> {
  await engine.every(DAILY_DIGEST_JOB, `0 ${deps.schedule.hour} * * *`, dailyDigestJob(deps), {
    timeZone: deps.schedule.timeZone,
  });
  await engine.send(DAILY_DIGEST_JOB, {});
}
