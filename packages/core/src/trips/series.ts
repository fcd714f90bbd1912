import type { Executor } from "@hyn/db";
import type { JobQueue } from "../shared/jobs";

/** The job engine's queue of weekly trips' next announcements (apps/server/src/jobs/timed-jobs.ts defines its worker). */
export const NEXT_TRIP_JOB = "trip-series-next";

/** Announce the trip after `tripId` in its weekly series, when it is due (`nextWeeklyTrip`). */
export interface NextTripJob {
  tripId: string;
}

/**
 * Wakes the next announcement up at `dueAt`, queued in the caller's transaction (the job exists only if the
 * trip does). One waiting job per trip; a job may still run twice (a retry, a lease taken back by another
 * instance) or on two instances at once: the unique (series_id, departs_at) announces the next trip once.
 */
export async function scheduleNextTrip(
  jobs: JobQueue | undefined,
  tx: Executor,
  job: NextTripJob,
  dueAt: Date,
): Promise<void> {
  await jobs?.send(NEXT_TRIP_JOB, job, { startAfter: dueAt, singletonKey: `next-trip:${job.tripId}`, in: tx });
}
