import { requests } from "@hyn/db";
import type { TripDetail } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { bumpedRevision } from "../shared/request-revision";
import { itemNotices, tellItemChanges } from "./endings";
import { releaseNotThere } from "./not-there";
import { lockOwnTrip } from "./trip-locks";
import { tripDetail } from "./trip-reads";

/**
 * POST /trips/{id}/neighbours/{userId}/deliver: the neighbour's items marked "got" are fulfilled; those
 * marked "not_there" (before that mark ended an item at once) leave the trip as "Not there" does (each requester told); "pending" stay.
 */
export async function deliverToNeighbour(
  deps: CoreDeps,
  userId: string,
  input: { tripId: string; neighbourId: string },
): Promise<TripDetail> {
  const { tripId, neighbourId } = input;
  const notices = await itemNotices(deps, deps.clock.now());
  const now = notices.now;
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    const mine = and(
      eq(requests.tripId, tripId),
      eq(requests.userId, neighbourId),
      eq(requests.status, "claimed"),
      eq(requests.claimedBy, userId),
    );
    const [any] = await tx.select({ id: requests.id }).from(requests).where(mine).limit(1);
    if (!any) throw new AppError("NOT_FOUND", "tripNeighbourNotFound");
    const fulfilled = await tx
      .update(requests)
      .set({ status: "fulfilled", fulfilledAt: now, ...bumpedRevision() })
      .where(and(mine, eq(requests.tripMark, "got")))
      .returning({ id: requests.id });
    // Marked before "Not there" ended an item at once (issue 43 §1).
    const released = await releaseNotThere(tx, now, tripId, and(mine, eq(requests.tripMark, "not_there")));
    await tellItemChanges(tx, notices, userId, [
      ...fulfilled.map(({ id }) => ({ id, kind: "fulfilled" as const })),
      ...released.map((id) => ({ id, kind: "not_there" as const })),
    ]);
    return tripDetail(tx, now, userId, tripId);
  });
}
