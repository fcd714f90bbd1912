import { requests } from "@hyn/db";
import type { TripItem, TripItemMark } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { lockOwnTrip } from "./trip-locks";
import { tripDetail } from "./trip-reads";

/** POST /trips/{id}/items/{requestId}/mark: the tripper's tick (reversible until delivered). */
export async function markTripItem(
  deps: CoreDeps,
  userId: string,
  input: { tripId: string; requestId: string; state: TripItemMark },
): Promise<TripItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, input.tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    const [marked] = await tx
      .update(requests)
      .set({ tripMark: input.state })
      .where(
        and(
          eq(requests.id, input.requestId),
          eq(requests.tripId, trip.id),
          eq(requests.status, "claimed"),
          eq(requests.claimedBy, userId),
        ),
      )
      .returning({ id: requests.id });
    if (!marked) throw new AppError("NOT_FOUND", "tripItemNotFound");
    const view = await tripDetail(tx, now, userId, trip.id);
    const item = view.neighbours.flatMap((n) => n.items).find((i) => i.id === input.requestId);
    if (!item) throw new AppError("NOT_FOUND", "tripItemNotFound");
    return item;
  });
}
