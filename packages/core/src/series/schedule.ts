import type { Executor } from "@hyn/db";
import type { JobQueue } from "../shared/jobs";

/** The job engine's queue that posts a repeating request's next occurrence (apps/server/src/jobs/timed-jobs.ts). */
export const SERIES_NEXT_JOB = "series-next";

/** Post the occurrence that follows `afterIndex`, once that one is fulfilled, deleted or past its needed-by time. */
export interface SeriesNextJob {
  seriesId: string;
  afterIndex: number;
}

/**
 * Queues the next occurrence's job in the caller's transaction: at once (`at` absent: the current one was
 * fulfilled or deleted) or at the current one's needed-by time. One waiting job per key; any number may still
 * run (instances, retries, the two kinds for one index): `advanceSeries` lets one of them post.
 */
export async function scheduleSeriesNext(
  jobs: JobQueue | undefined,
  tx: Executor,
  job: SeriesNextJob,
  at?: Date,
): Promise<void> {
  await jobs?.send(SERIES_NEXT_JOB, job, {
    ...(at ? { startAfter: at } : {}),
    singletonKey: `${job.seriesId}#${job.afterIndex}@${at ? at.toISOString() : "now"}`,
    in: tx,
  });
}
