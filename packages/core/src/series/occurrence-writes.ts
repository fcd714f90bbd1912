import { requests, type Transaction } from "@hyn/db";
import { and, eq, isNull, ne } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import { bumpedRevision } from "../shared/request-revision";
import type { SeriesRow } from "./series-reads";

/**
 * Deletes the current occurrence if it is still to be done: open and nobody has taken it, or, with
 * `evenIfTaken`, claimed as well (never a fulfilled one); true when it did. Open pages hear
 * `request.deleted`, as when the requester deletes a claimed request, or, for a skip, `request.skipped`
 * (issue 43 §2: a skip is not a deletion, and is not announced as one).
 */
export async function deleteCurrent(
  tx: Transaction,
  series: SeriesRow,
  { evenIfTaken, skipped = false }: { evenIfTaken: boolean; skipped?: boolean },
): Promise<{ id: string; claimedBy: string | null } | null> {
  const [deleted] = await tx
    .delete(requests)
    .where(
      and(
        eq(requests.seriesId, series.id),
        eq(requests.occurrenceIndex, series.currentIndex),
        evenIfTaken ? ne(requests.status, "fulfilled") : and(eq(requests.status, "open"), isNull(requests.claimedBy)),
      ),
    )
    .returning({ id: requests.id, groupId: requests.groupId, claimedBy: requests.claimedBy });
  if (!deleted) return null;
  await publishRequestEvent(tx, {
    type: skipped ? "request.skipped" : "request.deleted",
    requestId: deleted.id,
    groupId: deleted.groupId,
    ownerId: series.userId,
  });
  return { id: deleted.id, claimedBy: deleted.claimedBy };
}

/**
 * The series changed what its current occurrence shows ("Repeats", who does it every time): the occurrence's
 * row is touched, so the answer caches' change log (a trigger on requests, none on request_series) and
 * calendars see it.
 */
export async function touchCurrent(tx: Transaction, series: { id: string; currentIndex: number }): Promise<void> {
  const [touched] = await tx
    .update(requests)
    .set(bumpedRevision())
    .where(and(eq(requests.seriesId, series.id), eq(requests.occurrenceIndex, series.currentIndex)))
    .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
  // Open dashboards read it again.
  if (touched) await publishRequestEvent(tx, { type: "request.changed", requestId: touched.id, ...touched });
}
