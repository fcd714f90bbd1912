import {
  HOUR_MS,
  latestDigestSlot,
  type Clock,
  type DigestRunOptions,
  type DigestRunResult,
  type DigestSchedule,
  type Logger,
} from "@hyn/core";
import type { JobContext, JobEngine } from "./engine";

export const DAILY_DIGEST_JOB = "daily-digest";

/**
 * A summary this late is skipped, not sent (issue 40: the first start after an upgrade sent the 08:00
 * summary at 19:54). A morning summary read in the evening is noise; nothing is lost, since each member's
 * next summary holds every request posted since their last one.
 */
export const DIGEST_MISSED_AFTER_MS = 3 * HOUR_MS;

export interface DailyDigestDeps {
  clock: Clock;
  logger: Logger;
  schedule: DigestSchedule;
  run: (options: DigestRunOptions) => Promise<DigestRunResult>;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/**
 * One digest job: serves the latest digest time by the app's clock, unless that time is more than
 * DIGEST_MISSED_AFTER_MS ago. A job may run on any instance, twice (a cron occurrence and the catch-up at
 * start) or again after a crash: each member is claimed in the database (ADR 0003, kept by ADR 0013), so
 * nobody gets two. Stopped part-way, the job is retried.
 */
export function dailyDigestJob(deps: DailyDigestDeps) {
  return summaryJob(deps, "daily summary", (now) => latestDigestSlot(now, deps.schedule));
}

/**
 * A summary's job (the daily one, the weekly one of issue 41): serves the latest slot `slotOf` gives by
 * the app's clock, or skips it, saying so, when it is more than DIGEST_MISSED_AFTER_MS past (ADR 0034).
 */
export function summaryJob(deps: Omit<DailyDigestDeps, "schedule">, summary: string, slotOf: (now: Date) => Date) {
  return async (_data: object, job: JobContext): Promise<void> => {
    const now = deps.clock.now();
    const slot = slotOf(now);
    const lateMs = now.getTime() - slot.getTime();
    if (lateMs > DIGEST_MISSED_AFTER_MS) {
      deps.logger.info(
        { slot: slot.toISOString(), lateMinutes: Math.round(lateMs / 60_000) },
        `${summary} skipped: its time passed more than ${DIGEST_MISSED_AFTER_MS / HOUR_MS} hours ago; the next one covers these requests`,
      );
      return;
    }
    const result = await deps.run({ slot, signal: job.signal });
    if (result.considered > 0) deps.logger.info({ slot: slot.toISOString(), ...result }, `${summary} run`);
    if (result.sent > 0) deps.onSent?.();
  };
}

/**
 * DIGEST_HOUR o'clock in APP_TIMEZONE, by cron, plus one run at start so a server that was down at that
 * hour catches up, within DIGEST_MISSED_AFTER_MS of it.
 */
export async function scheduleDailyDigest(engine: JobEngine, deps: DailyDigestDeps): Promise<void> {
  await engine.every(DAILY_DIGEST_JOB, `0 ${deps.schedule.hour} * * *`, dailyDigestJob(deps), {
    timeZone: deps.schedule.timeZone,
  });
  await engine.send(DAILY_DIGEST_JOB, {});
}
