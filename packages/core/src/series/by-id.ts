import type { SeriesView } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { viewOf, visibleSeries } from "./series-reads";

/** GET /request-series/{id}: to its requester and the members of its group. */
export function seriesById(deps: CoreDeps, userId: string, seriesId: string): Promise<SeriesView> {
  return deps.db.transaction(async (tx) => viewOf(deps, tx, userId, await visibleSeries(tx, userId, seriesId, false)));
}
