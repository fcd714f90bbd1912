import type { Executor } from "@hyn/db";
import type { JobQueue } from "../shared/jobs";
import { stillNeededDueAt } from "./rules";

/** The job engine's queue of "Still needed" nudges (apps/server/src/jobs/timed-jobs.ts defines its worker). */
export const STILL_NEEDED_JOB = "still-needed";

export interface StillNeededJob {
  requestId: string;
}

/**
 * Wakes the nudge up when it is due for the request's needed-by time, queued in the caller's transaction
 * (the job exists only if it commits). One waiting job per request and needed-by time: a job woken
 * early waits again under the same key; a changed needed-by time waits under a new key, and whichever
 * job runs first decides against the request as it is then (the other finds it sent, or not yet due).
 */
export async function scheduleStillNeeded(
  jobs: JobQueue | undefined,
  tx: Executor,
  request: { id: string; createdAt: Date; neededBy: Date },
): Promise<void> {
  const dueAt = stillNeededDueAt(request.createdAt, request.neededBy);
  if (!dueAt) return;
  const job: StillNeededJob = { requestId: request.id };
  await jobs?.send(STILL_NEEDED_JOB, job, {
    startAfter: dueAt,
    singletonKey: stillNeededJobKey(request.id, request.neededBy),
    in: tx,
  });
}

export function stillNeededJobKey(requestId: string, neededBy: Date): string {
  return `${requestId}@${neededBy.toISOString()}`;
}
