import { requests } from "@hyn/db";
import type { TripItem, TripItemMark } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { releaseNotThere } from "./not-there";
import { itemNotices, tellItemChanges } from "./endings";
import { lockOwnTrip } from "./trip-locks";
import { tripDetail } from "./trip-reads";

/**
 * POST /trips/{id}/items/{requestId}/mark: the tripper's tick. "Got it" is reversible until delivered;
 * "Not there" ends the item (issue 43 §1): it leaves the trip back to its requester, who is told.
 */
export async function markTripItem(
  deps: CoreDeps,
  userId: string,
  input: { tripId: string; requestId: string; state: TripItemMark },
): Promise<TripItem> {
  const notices = await itemNotices(deps, deps.clock.now());
  const now = notices.now;
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, input.tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    const item = and(
      eq(requests.id, input.requestId),
      eq(requests.tripId, trip.id),
      eq(requests.status, "claimed"),
      eq(requests.claimedBy, userId),
    );
    if (input.state === "not_there") {
      const released = await releaseNotThere(tx, now, trip.id, item);
      if (released.length === 0) throw new AppError("NOT_FOUND", "tripItemNotFound");
      await tellItemChanges(
        tx,
        notices,
        userId,
        released.map((id) => ({ id, kind: "not_there" as const })),
      );
    } else {
      const [marked] = await tx
        .update(requests)
        .set({ tripMark: input.state })
        .where(item)
        .returning({ id: requests.id });
      if (!marked) throw new AppError("NOT_FOUND", "tripItemNotFound");
    }
    const view = await tripDetail(tx, now, userId, trip.id);
    const marked = view.neighbours.flatMap((n) => n.items).find((i) => i.id === input.requestId);
    if (!marked) throw new AppError("NOT_FOUND", "tripItemNotFound");
    return marked;
  });
}
