import type { Executor } from "@hyn/db";
import type { JobQueue } from "../shared/jobs";
import type { ReminderKind } from "./rules";

/** The job engine's queue of reminders (apps/server/src/jobs/timed-jobs.ts defines its worker). */
export const REQUEST_REMINDER_JOB = "request-reminder";

export interface RequestReminderJob {
  requestId: string;
  kind: ReminderKind;
}

/**
 * Wakes the reminder up at `dueAt`, queued in the caller's transaction (the job exists only if the
 * post or the claim commits). One waiting job per request and kind: a claim after an unclaim finds the
 * first claim's job still waiting for the same time (the due time depends on the needed-by time only),
 * and that job reminds whoever holds the claim when it runs. Without a queue (tests that run no job
 * engine) nothing is scheduled.
 */
export async function scheduleReminder(
  jobs: JobQueue | undefined,
  tx: Executor,
  job: RequestReminderJob,
  dueAt: Date,
): Promise<void> {
  await jobs?.send(REQUEST_REMINDER_JOB, job, { startAfter: dueAt, singletonKey: reminderJobKey(job), in: tx });
}

export function reminderJobKey(job: RequestReminderJob): string {
  return `${job.kind}:${job.requestId}`;
}
