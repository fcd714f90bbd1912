import { groupMembers, requests, tripGroups } from "@hyn/db";
import type { AddTripItem, RequestView } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import { selectRequestView } from "../request-views/view";
import { assertBelowOpenRequestLimit } from "../requests/open-requests-limit";
import { assertAskFirstReachable } from "../shared/ask-first";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hasRoom, takesItems } from "./rules";
import { countItems, lockVisibleTrip, tripNotFound } from "./trip-locks";
import { publishItemEvent } from "./trip-reads";

/**
 * POST /trips/{id}/items: a request of the caller's in a group of the trip both share, claimed by the
 * tripper at once and counted in the caller's open requests. The trip's row lock makes the cap exact.
 */
export async function addTripItem(deps: CoreDeps, userId: string, input: AddTripItem): Promise<RequestView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const trip = await lockVisibleTrip(tx, input.tripId, userId);
    if (trip.tripperId === userId) throw new AppError("CONFLICT", "tripOwnTrip");
    if (!takesItems(trip, now) || trip.tripperSuspended) throw new AppError("CONFLICT", "tripNotTakingItems");
    // A group of the trip the requester and the tripper are both still in (share-locked).
    const [shared] = await tx
      .select({ groupId: tripGroups.groupId })
      .from(tripGroups)
      .innerJoin(groupMembers, eq(groupMembers.groupId, tripGroups.groupId))
      .where(
        and(
          eq(tripGroups.tripId, trip.id),
          eq(groupMembers.userId, userId),
          sql`exists (select 1 from ${groupMembers} tm where tm.group_id = ${tripGroups.groupId} and tm.user_id = ${trip.tripperId})`,
        ),
      )
      .orderBy(tripGroups.groupId)
      .limit(1)
      .for("share", { of: groupMembers });
    if (!shared) throw tripNotFound();
    if (!hasRoom(trip.maxItems, await countItems(tx, trip.id))) throw new AppError("CONFLICT", "tripFull");
    await assertBelowOpenRequestLimit(tx, userId);
    // "Ask me first" needs the requester's phone, or saves the one given with the item (issue 43 §5).
    await assertAskFirstReachable(tx, userId, input, now);
    const [created] = await tx
      .insert(requests)
      .values({
        userId,
        groupId: shared.groupId,
        itemDescription: input.itemDescription,
        quantity: input.quantity,
        storePreference: trip.store,
        neededBy: trip.departsAt,
        pickupNotes: input.pickupNotes,
        ifUnavailable: input.ifUnavailable,
        status: "claimed",
        claimedBy: trip.tripperId,
        claimedAt: now,
        // An item of a trip is offered for as it is made.
        firstOfferedAt: now,
        tripId: trip.id,
        tripMark: "pending",
        createdAt: now,
      })
      .returning({ id: requests.id });
    const view = await selectRequestView(tx, now, created!.id, userId);
    if (!view) throw tripNotFound();
    await publishItemEvent(tx, "request.created", view);
    return view;
  });
}
