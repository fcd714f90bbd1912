import { requestSeries } from "@hyn/db";
import type { SeriesView } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { touchCurrent } from "./occurrence-writes";
import { viewAfterChange, visibleSeries } from "./series-reads";

/**
 * POST /request-series/{id}/release: the helper stops doing it every time (or the requester lets them go).
 * An occurrence already claimed stays theirs to finish or give back as any claim.
 */
export async function releaseSeries(deps: CoreDeps, userId: string, seriesId: string): Promise<SeriesView> {
  return deps.db.transaction(async (tx) => {
    const series = await visibleSeries(tx, userId, seriesId, true);
    if (!series.helperId) throw new AppError("CONFLICT", "seriesNotTaken");
    if (series.helperId !== userId && series.userId !== userId) {
      throw new AppError("FORBIDDEN", "seriesOnlyRequester");
    }
    await tx.update(requestSeries).set({ helperId: null }).where(eq(requestSeries.id, seriesId));
    await touchCurrent(tx, series);
    return viewAfterChange(deps, tx, userId, seriesId);
  });
}
