import { latestWeeklySlot, type WeeklySchedule } from "@hyn/core";
import { summaryJob, type DailyDigestDeps } from "./daily-digest";
import type { JobEngine } from "./engine";

export const WEEKLY_SUMMARY_JOB = "weekly-summary";

export interface WeeklySummaryDeps extends Omit<DailyDigestDeps, "schedule"> {
  schedule: WeeklySchedule;
}

/**
 * The weekly summary's job (issue 41): as the daily one (daily-digest.ts), for the latest DIGEST_WEEKDAY
 * at DIGEST_HOUR; each member is claimed in the database, so any number of runs on any instances send
 * each member one summary a week, and a run more than DIGEST_MISSED_AFTER_MS late sends none.
 */
export function weeklySummaryJob(deps: WeeklySummaryDeps) {
  return summaryJob(deps, "weekly summary", (now) => latestWeeklySlot(now, deps.schedule));
}

/** DIGEST_WEEKDAY at DIGEST_HOUR o'clock in APP_TIMEZONE, by cron, plus one run at start to catch up. */
export async function scheduleWeeklySummary(engine: JobEngine, deps: WeeklySummaryDeps): Promise<void> {
  await engine.every(
    WEEKLY_SUMMARY_JOB,
    `0 ${deps.schedule.hour} * * ${deps.schedule.weekday}`,
    weeklySummaryJob(deps),
    { timeZone: deps.schedule.timeZone },
  );
  await engine.send(WEEKLY_SUMMARY_JOB, {});
}
