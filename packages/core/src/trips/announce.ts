import { randomUUID } from "node:crypto";
import { groupMembers, tripGroups, trips } from "@hyn/db";
import type { CreateTrip, Trip } from "@hyn/validators";
import { and, eq, inArray } from "drizzle-orm";
import { publishTripEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { enqueueTripNotices } from "./notices";
import { nextWeeklyTrip, tripTimes } from "./rules";
import { scheduleNextTrip } from "./series";
import { mustSelectTrip } from "./trip-reads";

/** POST /trips: announce a trip to one or more of the caller's groups. */
export async function announceTrip(deps: CoreDeps, userId: string, input: CreateTrip): Promise<Trip> {
  const { db, clock, config, jobs } = deps;
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
}
