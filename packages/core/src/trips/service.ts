import { randomUUID } from "node:crypto";
import { groupMembers, requests, tripGroups, trips, users, type Transaction } from "@hyn/db";
import {
  storeKey,
  type AddTripItem,
  type CreateTrip,
  type RequestView,
  type Trip,
  type TripDetail,
  type TripItem,
  type TripItemMark,
  type TripNeighbour,
} from "@hyn/validators";
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { renderTripCalendar } from "../calendar/trip-ics";
import { publishRequestEvent, publishTripEvent } from "../events/publish";
import { enqueueChangeNotice } from "../notifications/immediate";
import { assertBelowOpenRequestLimit } from "../requests/open-requests-limit";
import { requestPermissionSql } from "../requests/permissions";
import { bumpedRevision } from "../shared/request-revision";
import { inGroupsHeldBy, NO_READER, selectRequestView, selectRequestViews } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { cancelTrips, itemNotices, releaseItems, tellItemChanges } from "./endings";
import { enqueueTripNotices } from "./notices";
import { hasRoom, nextWeeklyTrip, takesItems, tripTimes } from "./rules";
import { scheduleNextTrip, type NextTripJob } from "./series";
import { selectTrip, selectTrips, tripVisibleTo } from "../request-views/trips";

const notFound = () => new AppError("NOT_FOUND", "tripNotFound");

/** What a refusal is explained from, read under the trip's row lock. */
interface TripFacts {
  id: string;
  tripperId: string;
  status: string;
  closesAt: Date;
  departsAt: Date;
  maxItems: number | null;
  store: string;
  repeat: string | null;
  /** A suspension cancels the tripper's trips; one left open (before that rule) takes no item either. */
  tripperSuspended: boolean;
}

/** Trips (issue 28, ADR 0022): announce, add to, close, shop, deliver, cancel. */
export function createTripsService(deps: CoreDeps) {
  const { db, clock, config, jobs } = deps;

  /** The trip's row, locked for the change (items and cap serialise on it); 404 unless the caller may see it. */
  async function lockVisibleTrip(tx: Transaction, tripId: string, userId: string): Promise<TripFacts> {
    const [trip] = await tx
      .select({
        id: trips.id,
        tripperId: trips.tripperId,
        status: trips.status,
        closesAt: trips.closesAt,
        departsAt: trips.departsAt,
        maxItems: trips.maxItems,
        store: trips.store,
        repeat: trips.repeat,
        tripperSuspended: sql<boolean>`exists (select 1 from ${users} ts where ts.id = ${trips.tripperId} and ts.suspended_at is not null)`,
      })
      .from(trips)
      .where(and(eq(trips.id, tripId), tripVisibleTo(userId)))
      .for("update");
    if (!trip) throw notFound();
    return trip;
  }

  async function lockOwnTrip(tx: Transaction, tripId: string, userId: string): Promise<TripFacts> {
    const trip = await lockVisibleTrip(tx, tripId, userId);
    if (trip.tripperId !== userId) throw new AppError("FORBIDDEN", "tripOnlyTripper");
    return trip;
  }

  async function mustSelectTrip(tx: Transaction, now: Date, userId: string, tripId: string): Promise<Trip> {
    const trip = await selectTrip(tx, now, userId, tripId);
    if (!trip) throw notFound();
    return trip;
  }

  async function countItems(tx: Transaction, tripId: string): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(requests)
      .where(eq(requests.tripId, tripId));
    return row?.count ?? 0;
  }

  function publish(tx: Transaction, type: Parameters<typeof publishRequestEvent>[1]["type"], view: RequestView) {
    return publishRequestEvent(tx, { type, requestId: view.id, groupId: view.groupId, ownerId: view.userId });
  }

  /** The trip with its items per neighbour, as `userId` reads it (the tripper: everyone's and the offers). */
  async function detail(tx: Transaction, now: Date, userId: string, tripId: string): Promise<TripDetail> {
    const trip = await mustSelectTrip(tx, now, userId, tripId);
    const isTripper = trip.tripperId === userId;
    const onTrip = isTripper
      ? eq(requests.tripId, tripId)
      : and(eq(requests.tripId, tripId), eq(requests.userId, userId));
    const views = await selectRequestViews(tx, now, onTrip, userId);
    const extras = await tx
      .select({
        id: requests.id,
        mark: requests.tripMark,
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
    const takeAlong = isTripper && trip.status !== "cancelled" ? await offers(tx, now, trip) : [];
    return { ...trip, neighbours: [...neighbours.values()], takeAlong };
  }

  /**
   * Open requests in the trip's groups (the tripper's still) for the same store that the tripper may claim
   * (`canClaim`: not their own, none across a block).
   */
  async function offers(tx: Transaction, now: Date, trip: { id: string; tripperId: string; store: string }) {
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

  return {
    /** POST /trips: announce a trip to one or more of the caller's groups. */
    async create(userId: string, input: CreateTrip): Promise<Trip> {
      const now = clock.now();
      const times = tripTimes(now, input.departsAt, input.closesAt);
      if ("refusal" in times) throw new AppError("BAD_REQUEST", times.refusal);
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        // Share locks on the memberships: leaving a group waits until the announcement commits.
        const held = await tx
          .select({ groupId: groupMembers.groupId })
          .from(groupMembers)
          .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, input.groupIds)))
          .for("share");
        if (held.length !== input.groupIds.length) throw new AppError("FORBIDDEN", "notMember");
        const id = randomUUID();
        await tx.insert(trips).values({
          id,
          tripperId: userId,
          store: input.store,
          departsAt: input.departsAt,
          closesAt: times.closesAt,
          note: input.note,
          maxItems: input.maxItems,
          status: "open",
          repeat: input.repeat?.every ?? null,
          seriesId: input.repeat ? id : null,
          createdAt: now,
        });
        await tx.insert(tripGroups).values(input.groupIds.map((groupId) => ({ tripId: id, groupId })));
        const trip = {
          id,
          tripperId: userId,
          store: input.store,
          departsAt: input.departsAt,
          note: input.note ?? null,
        };
        await enqueueTripNotices(tx, config, unsubscribe, { ...trip, closesAt: times.closesAt }, now, jobs);
        await publishTripEvent(tx, id);
        if (input.repeat) {
          const next = nextWeeklyTrip({ departsAt: input.departsAt, closesAt: times.closesAt, skipNext: false }, now);
          await scheduleNextTrip(jobs, tx, { tripId: id }, next.announceAt);
        }
        return mustSelectTrip(tx, now, userId, id);
      });
    },

    /**
     * The job announcing a weekly trip's next one (`nextWeeklyTrip`) to the trip's groups the tripper is still
     * in, told as any new trip is, and queueing the one after. Exactly once however many runs: the insert
     * does nothing when (series_id, departs_at) exists. A cancelled trip, a suspended tripper, or a tripper in
     * none of its groups ends the series. Answers what it did.
     */
    async announceNext(job: NextTripJob): Promise<string> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const [trip] = await tx
          .select({
            tripperId: trips.tripperId,
            store: trips.store,
            departsAt: trips.departsAt,
            closesAt: trips.closesAt,
            note: trips.note,
            maxItems: trips.maxItems,
            status: trips.status,
            repeat: trips.repeat,
            skipNext: trips.skipNext,
            seriesId: trips.seriesId,
            tripperSuspendedAt: users.suspendedAt,
          })
          .from(trips)
          .innerJoin(users, eq(users.id, trips.tripperId))
          .where(eq(trips.id, job.tripId));
        if (!trip || trip.repeat === null || trip.seriesId === null) return "not repeating";
        if (trip.status === "cancelled" || trip.tripperSuspendedAt !== null) return "series ended";
        const next = nextWeeklyTrip(trip, now);
        // Its next one was skipped after this job was queued: come back when the one after is due.
        if (next.announceAt.getTime() > now.getTime()) {
          await scheduleNextTrip(jobs, tx, job, next.announceAt);
          return "not due";
        }
        const held = await tx
          .select({ groupId: tripGroups.groupId })
          .from(tripGroups)
          .innerJoin(
            groupMembers,
            and(eq(groupMembers.groupId, tripGroups.groupId), eq(groupMembers.userId, trip.tripperId)),
          )
          .where(eq(tripGroups.tripId, job.tripId))
          .for("share", { of: groupMembers });
        if (held.length === 0) return "series ended";
        const id = randomUUID();
        const [announced] = await tx
          .insert(trips)
          .values({
            id,
            tripperId: trip.tripperId,
            store: trip.store,
            departsAt: next.departsAt,
            closesAt: next.closesAt,
            note: trip.note,
            maxItems: trip.maxItems,
            status: "open",
            repeat: trip.repeat,
            seriesId: trip.seriesId,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [trips.seriesId, trips.departsAt] })
          .returning({ id: trips.id });
        if (!announced) return "already announced";
        await tx.insert(tripGroups).values(held.map(({ groupId }) => ({ tripId: id, groupId })));
        await enqueueTripNotices(
          tx,
          config,
          unsubscribe,
          {
            id,
            tripperId: trip.tripperId,
            store: trip.store,
            departsAt: next.departsAt,
            closesAt: next.closesAt,
            note: trip.note,
          },
          now,
          jobs,
        );
        await publishTripEvent(tx, id);
        const after = nextWeeklyTrip({ ...next, skipNext: false }, now);
        await scheduleNextTrip(jobs, tx, { tripId: id }, after.announceAt);
        return "announced";
      });
    },

    /** GET /trips: the trips the caller can see that have not left yet (cancelled ones left out), soonest first. */
    async list(userId: string): Promise<Trip[]> {
      const now = clock.now();
      return selectTrips(db, now, userId, and(ne(trips.status, "cancelled"), gt(trips.departsAt, now))!);
    },

    /** GET /trips/{id}. */
    async byId(userId: string, tripId: string): Promise<TripDetail> {
      const now = clock.now();
      return db.transaction((tx) => detail(tx, now, userId, tripId));
    },

    /**
     * POST /trips/{id}/items: a request of the caller's in a group of the trip both share, claimed by the
     * tripper at once and counted in the caller's open requests. The trip's row lock makes the cap exact.
     */
    async addItem(userId: string, input: AddTripItem): Promise<RequestView> {
      const now = clock.now();
      return db.transaction(async (tx) => {
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
        if (!shared) throw notFound();
        if (!hasRoom(trip.maxItems, await countItems(tx, trip.id))) throw new AppError("CONFLICT", "tripFull");
        await assertBelowOpenRequestLimit(tx, userId);
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
            tripId: trip.id,
            tripMark: "pending",
            createdAt: now,
          })
          .returning({ id: requests.id });
        const view = await selectRequestView(tx, now, created!.id, userId);
        if (!view) throw notFound();
        await publish(tx, "request.created", view);
        return view;
      });
    },

    /** POST /trips/{id}/close: the tripper closes the list (no more items); it also closes at its closing time. */
    async close(userId: string, tripId: string): Promise<Trip> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const trip = await lockOwnTrip(tx, tripId, userId);
        if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
        if (trip.status === "closed") throw new AppError("CONFLICT", "tripNotOpen");
        await tx
          .update(trips)
          .set({ status: "closed", closedAt: now })
          .where(and(eq(trips.id, tripId), eq(trips.status, "open")));
        await publishTripEvent(tx, tripId);
        return mustSelectTrip(tx, now, userId, tripId);
      });
    },

    /** POST /trips/{id}/cancel: every item not yet delivered goes back to its requester as an open request. */
    async cancel(userId: string, tripId: string): Promise<Trip> {
      const notices = await itemNotices(deps, clock.now());
      return db.transaction(async (tx) => {
        const trip = await lockOwnTrip(tx, tripId, userId);
        if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
        await cancelTrips(tx, notices, userId, eq(trips.id, tripId));
        return mustSelectTrip(tx, notices.now, userId, tripId);
      });
    },

    /** POST /trips/{id}/items/{requestId}/mark: the tripper's tick (reversible until delivered). */
    async markItem(
      userId: string,
      input: { tripId: string; requestId: string; state: TripItemMark },
    ): Promise<TripItem> {
      const now = clock.now();
      return db.transaction(async (tx) => {
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
        const view = await detail(tx, now, userId, trip.id);
        const item = view.neighbours.flatMap((n) => n.items).find((i) => i.id === input.requestId);
        if (!item) throw new AppError("NOT_FOUND", "tripItemNotFound");
        return item;
      });
    },

    /**
     * POST /trips/{id}/neighbours/{userId}/deliver: the neighbour's items marked "got" are fulfilled; those
     * marked "not_there" leave the trip as their open requests again (each requester told); "pending" stay.
     */
    async deliver(userId: string, tripId: string, neighbourId: string): Promise<TripDetail> {
      const notices = await itemNotices(deps, clock.now());
      const now = notices.now;
      return db.transaction(async (tx) => {
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
        const released = await releaseItems(tx, and(mine, eq(requests.tripMark, "not_there")));
        await tellItemChanges(tx, notices, userId, [
          ...fulfilled.map(({ id }) => ({ id, kind: "fulfilled" as const })),
          ...released.map((id) => ({ id, kind: "unclaimed" as const })),
        ]);
        return detail(tx, now, userId, tripId);
      });
    },

    /** POST /trips/{id}/take: claims offered requests (same groups, same store) onto the trip, all or none. */
    async take(userId: string, tripId: string, requestIds: string[]): Promise<TripDetail> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const trip = await lockOwnTrip(tx, tripId, userId);
        if (trip.status === "cancelled" || trip.departsAt.getTime() <= now.getTime())
          throw new AppError("CONFLICT", "tripNotTakingItems");
        if (!hasRoom(trip.maxItems, await countItems(tx, trip.id), requestIds.length))
          throw new AppError("CONFLICT", "tripFull");
        const offered = new Set((await offers(tx, now, trip)).map((r) => r.id));
        if (!requestIds.every((id) => offered.has(id))) throw new AppError("CONFLICT", "tripTakeNotOffered");
        const taken = await tx
          .update(requests)
          .set({
            status: "claimed",
            claimedBy: userId,
            claimedAt: now,
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
          await publish(tx, "request.claimed", view);
        }
        return detail(tx, now, userId, tripId);
      });
    },

    /** POST /trips/{id}/skip-next: a weekly trip's next one is not announced (the one after is). */
    async skipNext(userId: string, tripId: string): Promise<Trip> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const trip = await lockOwnTrip(tx, tripId, userId);
        if (trip.repeat === null) throw new AppError("CONFLICT", "tripNotRepeating");
        if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
        await tx.update(trips).set({ skipNext: true }).where(eq(trips.id, tripId));
        await publishTripEvent(tx, tripId);
        return mustSelectTrip(tx, now, userId, tripId);
      });
    },

    /** GET /trips/{id}/calendar.ics: the trip as a calendar event. */
    async calendar(
      userId: string,
      tripId: string,
      locale: string,
    ): Promise<{ filename: string; contentType: string; content: string }> {
      const trip = await selectTrip(db, clock.now(), userId, tripId);
      if (!trip) throw notFound();
      return renderTripCalendar(config, trip, locale);
    },
  };
}
