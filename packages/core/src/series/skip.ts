import { requests, type Transaction } from "@hyn/db";
import type { SeriesView } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { NO_READER, selectRequestView } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { advanceSeries } from "./advance";
import { holdPoster } from "./hold-poster";
import { deleteCurrent } from "./occurrence-writes";
import { currentOccurrence, ownSeries, viewAfterChange, viewOf, type SeriesRow } from "./series-reads";
import { dropUnsentPostingNotices, enqueueSkippedNotice } from "./skip-notice";

/**
 * One of the requester's requests that is not an occurrence of this series (a single one, another series');
 * someone else's is not looked at, so the answer tells nothing of it.
 */
async function isOwnNonOccurrence(tx: Transaction, series: SeriesRow, requestId: string) {
  const [row] = await tx
    .select({ seriesId: requests.seriesId })
    .from(requests)
    .where(and(eq(requests.id, requestId), eq(requests.userId, series.userId)));
  return row !== undefined && row.seriesId !== series.id;
}

/**
 * POST /request-series/{id}/skip: the occurrence named (`requestId`) is not needed; the one after it is posted
 * now. One a helper has taken may be skipped too, as the requester may delete a claimed request (PRODUCT
 * "Screens", ADR 0023). Named, so a skip repeated (a double tap, a retry) finds it gone and changes nothing.
 */
export async function skipOccurrence(
  deps: CoreDeps,
  userId: string,
  input: { seriesId: string; requestId: string },
): Promise<SeriesView> {
  const { seriesId, requestId } = input;
  const unsubscribe = await unsubscribeLinks(deps);
  return deps.db.transaction(async (tx) => {
    const series = await ownSeries(tx, userId, seriesId);
    // Before the delete below: its counter lock comes after every row lock (see holdPoster).
    await holdPoster(tx, series);
    const now = deps.clock.now();
    // Read before it goes: its helper, if the delete finds one, is told what they need not get.
    const current = await currentOccurrence(tx, series.id, series.currentIndex);
    if (current?.id !== requestId) {
      if (await isOwnNonOccurrence(tx, series, requestId)) throw new AppError("CONFLICT", "seriesNothingToSkip");
      // Skipped already (or deleted, or past): the series has moved on from it.
      return viewOf(deps, tx, userId, series);
    }
    const view = current.claimedBy ? await selectRequestView(tx, now, current.id, NO_READER) : null;
    const deleted = await deleteCurrent(tx, series, { evenIfTaken: true, skipped: true });
    if (!deleted) throw new AppError("CONFLICT", "seriesNothingToSkip");
    // Its "New request" e-mails not sent yet never go: nobody saw this week, so nobody is sent to it.
    await dropUnsentPostingNotices(tx, deleted.id, now);
    if (deleted.claimedBy && view) {
      await enqueueSkippedNotice(
        tx,
        { config: deps.config, jobs: deps.jobs },
        unsubscribe,
        { helperId: deleted.claimedBy, request: view },
        now,
      );
    }
    const outcome = await advanceSeries(deps, tx, { seriesId, afterIndex: series.currentIndex }, now, unsubscribe, {
      currentGone: true,
    });
    deps.logger.info({ seriesId, outcome }, "series skip");
    return viewAfterChange(deps, tx, userId, seriesId);
  });
}
