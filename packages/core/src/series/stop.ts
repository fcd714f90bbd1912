import { requestSeries } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { deleteCurrent, touchCurrent } from "./occurrence-writes";
import { ownSeries } from "./series-reads";

/** DELETE /request-series/{id}: no more occurrences; an unclaimed open one goes, a claimed one stays to be finished. */
export async function stopSeries(deps: CoreDeps, userId: string, seriesId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const series = await ownSeries(tx, userId, seriesId);
    await tx
      .update(requestSeries)
      .set({ stoppedAt: deps.clock.now(), helperId: null })
      .where(eq(requestSeries.id, series.id));
    if (!(await deleteCurrent(tx, series, { evenIfTaken: false }))) await touchCurrent(tx, series);
  });
}
