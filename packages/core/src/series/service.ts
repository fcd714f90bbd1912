import type { SeriesView, UpdateSeries } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { seriesById } from "./by-id";
import { postNextOccurrence } from "./post-next";
import { releaseSeries } from "./release";
import type { SeriesNextJob } from "./schedule";
import { skipOccurrence } from "./skip";
import { stopSeries } from "./stop";
import { takeSeries } from "./take";
import { updateSeries } from "./update";

/**
 * Repeating requests (issue 28 §2, ADR 0023): one operation per file, each `(deps, caller, input)`. What several
 * share: `series-reads.ts`, `occurrence-writes.ts`, `hold-poster.ts`, `advance.ts` (posting the next occurrence).
 */
export function createSeriesService(deps: CoreDeps) {
  return {
    run: (job: SeriesNextJob): Promise<string> => postNextOccurrence(deps, job),
    byId: (userId: string, seriesId: string): Promise<SeriesView> => seriesById(deps, userId, seriesId),
    skip: (userId: string, seriesId: string, requestId: string): Promise<SeriesView> =>
      skipOccurrence(deps, userId, { seriesId, requestId }),
    stop: (userId: string, seriesId: string): Promise<void> => stopSeries(deps, userId, seriesId),
    update: (userId: string, input: UpdateSeries): Promise<SeriesView> => updateSeries(deps, userId, input),
    take: (userId: string, seriesId: string): Promise<SeriesView> => takeSeries(deps, userId, seriesId),
    release: (userId: string, seriesId: string): Promise<SeriesView> => releaseSeries(deps, userId, seriesId),
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
