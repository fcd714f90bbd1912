import { SERIES_NEXT_JOB, type Logger, type SeriesNextJob } from "@hyn/core";
import type { JobEngine } from "./engine";

export interface SeriesNextDeps {
  run: (job: SeriesNextJob) => Promise<string>;
  logger: Logger;
  /** After an occurrence was posted (its notices queued): deliver them now rather than at the outbox's next poll. */
  onPosted?: () => void;
}

/**
 * The repeating requests' queue and this instance's worker for it (issue 28 §2, ADR 0023). A fulfil or delete
 * of an occurrence sends a job at once, its post one at its needed-by time; any number may run for one
 * occurrence (both kinds, retries, instances): the handler moves the series on under its row lock and inserts
 * ON CONFLICT DO NOTHING, so one occurrence is posted.
 */
export async function defineSeriesNext(engine: JobEngine, deps: SeriesNextDeps): Promise<void> {
  await engine.define<SeriesNextJob>(
    SERIES_NEXT_JOB,
    async (job) => {
      const outcome = await deps.run(job);
      deps.logger.info({ seriesId: job.seriesId, afterIndex: job.afterIndex, outcome }, "series next");
      if (outcome === "posted") deps.onPosted?.();
    },
    { oneWaitingPerKey: true },
  );
}
