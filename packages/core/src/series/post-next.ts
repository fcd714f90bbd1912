import type { CoreDeps } from "../shared/deps";
import { unsubscribeLinks } from "../unsubscribe/links";
import { advanceSeries } from "./advance";
import type { SeriesNextJob } from "./schedule";

/** The `series-next` job: posts the next occurrence if it is due and not yet posted (see `advanceSeries`). */
export async function postNextOccurrence(deps: CoreDeps, job: SeriesNextJob): Promise<string> {
  const unsubscribe = await unsubscribeLinks(deps);
  return deps.db.transaction((tx) => advanceSeries(deps, tx, job, deps.clock.now(), unsubscribe));
}
