import { randomUUID } from "node:crypto";
import { groupMembers, tripGroups, trips, users } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import { publishTripEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { unsubscribeLinks } from "../unsubscribe/links";
import { enqueueTripNotices } from "./notices";
import { nextWeeklyTrip } from "./rules";
import { scheduleNextTrip, type NextTripJob } from "./series";

/**
 * The job announcing a weekly trip's next one (`nextWeeklyTrip`) to the trip's groups the tripper is still
 * in, told as any new trip is, and queueing the one after. Exactly once however many runs: the insert
 * does nothing when (series_id, departs_at) exists. A cancelled trip, a suspended tripper, or a tripper in
 * none of its groups ends the series. Answers what it did.
 */
export async function announceNextTrip(deps: CoreDeps, job: NextTripJob): Promise<string> {
  const { db, clock, config, jobs } = deps;
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
}
