import type { Executor } from "@hyn/db";
import type { JobQueue } from "../shared/jobs";
import type { NewRequestRecipient } from "../preferences/notification-preferences";
import { laterReachDueAt } from "../preferences/resting-policy";

/** The job engine's queue of resting helpers' late posting notices (apps/server/src/jobs/timed-jobs.ts runs it). */
export const LATER_REACH_JOB = "later-reach";

/**
 * One notice's resting helpers: exactly those counted in its `reach.later` (honest: nobody else is told
 * later), told of the request when the job runs if nobody has offered since `noticeAt`.
 */
export interface LaterReachJob {
  requestId: string;
  /** When the notice went (ISO): the post, or the owner's re-send. */
  noticeAt: string;
  /** The resting helpers it counted, least-asked first. */
  userIds: string[];
}

/**
 * Wakes the late notice up at laterReachDueAt, queued in the caller's transaction (it exists only if the
 * post or re-send commits); nothing when the notice counted nobody later. One waiting job per notice.
 */
export async function scheduleLaterReach(
  jobs: JobQueue | undefined,
  tx: Executor,
  notice: { requestId: string; noticeAt: Date; neededBy: Date; later: readonly NewRequestRecipient[] },
): Promise<void> {
  if (notice.later.length === 0) return;
  const job: LaterReachJob = {
    requestId: notice.requestId,
    noticeAt: notice.noticeAt.toISOString(),
    userIds: notice.later.map((recipient) => recipient.userId),
  };
  await jobs?.send(LATER_REACH_JOB, job, {
    startAfter: laterReachDueAt(notice.noticeAt, notice.neededBy),
    singletonKey: laterReachJobKey(notice.requestId, notice.noticeAt),
    in: tx,
  });
}

export function laterReachJobKey(requestId: string, noticeAt: Date): string {
  return `${requestId}@${noticeAt.toISOString()}`;
}
