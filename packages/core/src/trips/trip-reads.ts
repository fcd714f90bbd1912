import { groupMembers, requests, tripGroups, users, type Transaction } from "@hyn/db";
import {
  storeKey,
  type RequestView,
  type Trip,
  type TripDetail,
  type TripItem,
  type TripItemMark,
  type TripNeighbour,
} from "@hyn/validators";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import { requestPermissionSql } from "../requests/permissions";
import { selectTrip } from "../request-views/trips";
import { selectRequestViews } from "../request-views/view";
import { tripNotFound } from "./trip-locks";

/** The trip as `userId` reads it; 404 unless they may see it. */
export async function mustSelectTrip(tx: Transaction, now: Date, userId: string, tripId: string): Promise<Trip> {
  const trip = await selectTrip(tx, now, userId, tripId);
  if (!trip) throw tripNotFound();
  return trip;
}

/** The trip with its items per neighbour, as `userId` reads it (the tripper: everyone's and the offers). */
export async function tripDetail(tx: Transaction, now: Date, userId: string, tripId: string): Promise<TripDetail> {
  const trip = await mustSelectTrip(tx, now, userId, tripId);
  const isTripper = trip.tripperId === userId;
  // Its items, and those it let go as "Not there" (issue 43 §1), which its list still shows.
  const ofTrip = or(eq(requests.tripId, tripId), eq(requests.notThereTripId, tripId));
  const onTrip = isTripper ? ofTrip : and(ofTrip, eq(requests.userId, userId));
  const views = await selectRequestViews(tx, now, onTrip, userId);
  const extras = await tx
    .select({
      id: requests.id,
      mark: sql<TripItemMark>`case when ${requests.tripId} = ${tripId} then ${requests.tripMark} else 'not_there' end`,
      // The phone only for "ask me first", and only to the tripper.
      phone: sql<string | null>`case when ${requests.ifUnavailable} = 'ask' then ${users.phone} else null end`,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(onTrip);
  const extraById = new Map(extras.map((e) => [e.id, e]));
  const neighbours = new Map<string, TripNeighbour>();
  for (const view of views) {
    const extra = extraById.get(view.id);
    const item: TripItem = {
      ...view,
      mark: extra?.mark ?? "pending",
      requesterPhone: isTripper ? (extra?.phone ?? null) : null,
    };
    const entry = neighbours.get(view.userId) ?? { neighbour: view.creator, items: [] };
    entry.items.push(item);
    neighbours.set(view.userId, entry);
  }
  const takeAlong = isTripper && trip.status !== "cancelled" ? await tripOffers(tx, now, trip) : [];
  return { ...trip, neighbours: [...neighbours.values()], takeAlong };
}

/**
 * Open requests in the trip's groups (the tripper's still) for the same store that the tripper may claim
 * (`canClaim`: not their own, none across a block).
 */
export async function tripOffers(
  tx: Transaction,
  now: Date,
  trip: { id: string; tripperId: string; store: string },
): Promise<RequestView[]> {
  const candidates = await selectRequestViews(
    tx,
    now,
    and(
      requestPermissionSql.canClaim(trip.tripperId, now),
      isNull(requests.tripId),
      isNotNull(requests.storePreference),
      sql`${requests.groupId} in (select tg.group_id from ${tripGroups} tg join ${groupMembers} gm on gm.group_id = tg.group_id where tg.trip_id = ${trip.id} and gm.user_id = ${trip.tripperId})`,
    ),
    trip.tripperId,
  );
  const key = storeKey(trip.store);
  return candidates.filter((r) => r.storePreference !== null && storeKey(r.storePreference) === key);
}

/** A request put on a trip (added or taken), told to the live lists. */
export function publishItemEvent(
  tx: Transaction,
  type: Parameters<typeof publishRequestEvent>[1]["type"],
  view: RequestView,
) {
  return publishRequestEvent(tx, { type, requestId: view.id, groupId: view.groupId, ownerId: view.userId });
}
