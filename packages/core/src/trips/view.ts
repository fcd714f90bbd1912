import { groupMembers, requests, tripGroups, trips, users, type Executor } from "@hyn/db";
import { tripStatusAt, type Trip, type TripStatus } from "@hyn/validators";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";

/** A trip the reader may see: their own, or one announced to a group they are in. */
export function tripVisibleTo(readerId: string): SQL {
  return sql`(${trips.tripperId} = ${readerId} or exists (select 1 from ${tripGroups} vtg join ${groupMembers} vgm on vgm.group_id = vtg.group_id where vtg.trip_id = ${trips.id} and vgm.user_id = ${readerId}))`;
}

/** Explicit columns: of the tripper only what a neighbour may see (the name, else "" for "A neighbour"). */
function tripColumns(readerId: string) {
  return {
    id: trips.id,
    tripperId: trips.tripperId,
    tripperName: sql<string>`coalesce(nullif(trim(${users.name}), ''), case when ${trips.tripperId} = ${readerId} or exists (select 1 from ${groupMembers} a join ${groupMembers} b on a.group_id = b.group_id where a.user_id = ${trips.tripperId} and b.user_id = ${readerId}) then ${users.email} else '' end)`,
    tripperArea: users.generalArea,
    store: trips.store,
    departsAt: trips.departsAt,
    closesAt: trips.closesAt,
    note: trips.note,
    maxItems: trips.maxItems,
    status: trips.status,
    repeat: trips.repeat,
    skipNext: trips.skipNext,
    createdAt: trips.createdAt,
    // The tripper sees all the trip's groups; anyone else those they share.
    groupIds: sql<
      string[]
    >`array(select tg.group_id::text from ${tripGroups} tg where tg.trip_id = ${trips.id} and (${trips.tripperId} = ${readerId} or exists (select 1 from ${groupMembers} gm where gm.group_id = tg.group_id and gm.user_id = ${readerId})) order by tg.group_id)`,
    itemCount: sql<number>`(select count(*) from ${requests} ri where ri.trip_id = ${trips.id})`.mapWith(Number),
  };
}

/** Trips as `readerId` reads them at `now`, soonest first: one statement. */
export async function selectTrips(executor: Executor, now: Date, readerId: string, where: SQL): Promise<Trip[]> {
  const rows = await executor
    .select(tripColumns(readerId))
    .from(trips)
    .innerJoin(users, eq(users.id, trips.tripperId))
    .where(and(tripVisibleTo(readerId), where))
    .orderBy(asc(trips.departsAt), asc(trips.id));
  return rows.map((row) => ({
    id: row.id,
    tripperId: row.tripperId,
    tripper: { id: row.tripperId, name: row.tripperName, generalArea: row.tripperArea },
    store: row.store,
    departsAt: row.departsAt,
    closesAt: row.closesAt,
    note: row.note,
    maxItems: row.maxItems,
    status: tripStatusAt(row.status as TripStatus, row.closesAt, now),
    groupIds: row.groupIds,
    repeat: row.repeat ? { every: row.repeat } : null,
    skipNext: row.skipNext,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
  }));
}

export async function selectTrip(
  executor: Executor,
  now: Date,
  readerId: string,
  tripId: string,
): Promise<Trip | null> {
  const [trip] = await selectTrips(executor, now, readerId, eq(trips.id, tripId));
  return trip ?? null;
}
