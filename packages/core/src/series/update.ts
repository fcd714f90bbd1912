import { requests, requestSeries } from "@hyn/db";
import type { SeriesView, UpdateSeries } from "@hyn/validators";
import { and, eq, isNull } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { bumpedRevision } from "../shared/request-revision";
import { assertAskFirstReachable } from "../shared/ask-first";
import { untilIsBeforeFirst } from "./rules";
import { ownSeries, viewAfterChange } from "./series-reads";

/**
 * PUT /request-series/{id}: the requester changes what is asked, for the next unclaimed occurrence and the
 * later ones, or when it ends; an occurrence a helper has taken keeps what they agreed to (the conditional
 * UPDATE skips it).
 */
export async function updateSeries(deps: CoreDeps, userId: string, input: UpdateSeries): Promise<SeriesView> {
  return deps.db.transaction(async (tx) => {
    const series = await ownSeries(tx, userId, input.id);
    // Changed to "Ask me first": the profile's phone, or the one given with the change, saved (issue 43 §5).
    // A series that said it already is left as it was, unless a phone comes with it.
    if (input.ifUnavailable !== series.ifUnavailable || input.phone !== null) {
      await assertAskFirstReachable(
        tx,
        userId,
        { ifUnavailable: input.ifUnavailable, phone: input.phone },
        deps.clock.now(),
      );
    }
    if (input.until !== undefined) {
      if (untilIsBeforeFirst(series.firstNeededBy, input.until)) {
        throw new AppError("BAD_REQUEST", "repeatUntilBeforeFirst");
      }
      // When it ends is the series' alone: no occurrence shows it.
      await tx.update(requestSeries).set({ until: input.until }).where(eq(requestSeries.id, series.id));
    }
    const changes = {
      ...(input.itemDescription !== undefined ? { itemDescription: input.itemDescription } : {}),
      ...(input.storePreference !== undefined ? { storePreference: input.storePreference } : {}),
      ...(input.pickupNotes !== undefined ? { pickupNotes: input.pickupNotes } : {}),
      ...(input.ifUnavailable !== undefined ? { ifUnavailable: input.ifUnavailable } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await tx.update(requestSeries).set(changes).where(eq(requestSeries.id, series.id));
      const [edited] = await tx
        .update(requests)
        .set({ ...changes, ...bumpedRevision() })
        .where(
          and(
            eq(requests.seriesId, series.id),
            eq(requests.occurrenceIndex, series.currentIndex),
            eq(requests.status, "open"),
            isNull(requests.claimedBy),
          ),
        )
        .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
      if (edited) await publishRequestEvent(tx, { type: "request.changed", requestId: edited.id, ...edited });
    }
    return viewAfterChange(deps, tx, userId, series.id);
  });
}
