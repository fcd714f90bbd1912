import { NEXT_TRIP_JOB, type Logger, type NextTripJob } from "@hyn/core";
import type { JobEngine } from "./engine";

export interface NextTripDeps {
  run: (job: NextTripJob) => Promise<string>;
  logger: Logger;
  /** After a trip was announced: deliver its e-mails now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/**
 * The queue of weekly trips' next announcements and this instance's worker for it (issue 28, ADR 0022).
 * Announcing a weekly trip queues its next one's job, timed for its announcement; a second run (a retry, a
 * lease taken back by another instance) announces nothing: (series_id, departs_at) is unique.
 */
export async function defineNextTrips(engine: JobEngine, deps: NextTripDeps): Promise<void> {
  await engine.define<NextTripJob>(
    NEXT_TRIP_JOB,
    async (job) => {
      const outcome = await deps.run(job);
      deps.logger.info({ tripId: job.tripId, outcome }, "next weekly trip");
      if (outcome === "announced") deps.onSent?.();
    },
    { oneWaitingPerKey: true },
  );
}
