import { firstOfferAt } from "../shared/first-offer";
import { requests } from "@hyn/db";
import type { TripDetail } from "@hyn/validators";
import { and, inArray, isNull } from "drizzle-orm";
import { enqueueChangeNotice } from "../notifications/immediate";
import { inGroupsHeldBy, NO_READER, selectRequestView } from "../request-views/view";
import { requestPermissionSql } from "../requests/permissions";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { bumpedRevision } from "../shared/request-revision";
import { unsubscribeLinks } from "../unsubscribe/links";
import { hasRoom } from "./rules";
import { countItems, lockOwnTrip } from "./trip-locks";
import { publishItemEvent, tripDetail, tripOffers } from "./trip-reads";

/** POST /trips/{id}/take: claims offered requests (same groups, same store) onto the trip, all or none. */
export async function takeOntoTrip(
  deps: CoreDeps,
  userId: string,
  input: { tripId: string; requestIds: string[] },
): Promise<TripDetail> {
  const { db, clock, config, jobs } = deps;
  const { tripId, requestIds } = input;
  const now = clock.now();
  const unsubscribe = await unsubscribeLinks(deps);
  return db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.status === "cancelled" || trip.departsAt.getTime() <= now.getTime())
      throw new AppError("CONFLICT", "tripNotTakingItems");
    if (!hasRoom(trip.maxItems, await countItems(tx, trip.id), requestIds.length))
      throw new AppError("CONFLICT", "tripFull");
    const offered = new Set((await tripOffers(tx, now, trip)).map((r) => r.id));
    if (!requestIds.every((id) => offered.has(id))) throw new AppError("CONFLICT", "tripTakeNotOffered");
    const taken = await tx
      .update(requests)
      .set({
        status: "claimed",
        claimedBy: userId,
        claimedAt: now,
        firstOfferedAt: firstOfferAt(now),
        tripId,
        tripMark: "pending",
        ...bumpedRevision(),
      })
      .where(
        and(
          inArray(requests.id, requestIds),
          // A take is a claim: refused as one is (PRODUCT "Blocking").
          requestPermissionSql.canClaim(userId, now),
          isNull(requests.tripId),
          inGroupsHeldBy(userId),
        ),
      )
      .returning({ id: requests.id });
    if (taken.length !== requestIds.length) throw new AppError("CONFLICT", "tripTakeNotOffered");
    for (const { id } of taken) {
      const view = await selectRequestView(tx, now, id, NO_READER);
      if (!view) continue;
      await enqueueChangeNotice(
        tx,
        config,
        unsubscribe,
        { kind: "claimed", request: view, helperId: userId },
        now,
        jobs,
      );
      await publishItemEvent(tx, "request.claimed", view);
    }
    return tripDetail(tx, now, userId, tripId);
  });
}
