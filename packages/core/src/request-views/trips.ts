import { groupMembers, requests, tripGroups, trips, users, type Executor } from "@hyn/db";
import { tripStatusAt, type Trip, type TripStatus } from "@hyn/validators";
import { and, asc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { noBlockBetween } from "../shared/blocks";
import { displayNameAmongGroups } from "../shared/display-name";

/** The reader: an id, or a prepared statement's placeholder for one. */
type Reader = string | SQL | Placeholder;

/**
 * A trip the reader may see, and so add to: their own, or one announced to a group they are in by someone
 * with no block between them (PRODUCT "Blocking"). Items added before a block stay on the trip; the
 * tripper still sees and delivers them, as a claim made before a block stays with its helper.
 */
export function tripVisibleTo(readerId: Reader): SQL {
  return sql`(${trips.tripperId} = ${readerId} or (exists (select 1 from ${tripGroups} vtg join ${groupMembers} vgm on vgm.group_id = vtg.group_id where vtg.trip_id = ${trips.id} and vgm.user_id = ${readerId}) and ${noBlockBetween(trips.tripperId, readerId)}))`;
}

/** Explicit columns: of the tripper only what a neighbour may see (the name, else "" for "A neighbour"). */
function tripColumns(readerId: Reader) {
  return {
    id: trips.id,
    tripperId: trips.tripperId,
    tripperName: displayNameAmongGroups(
      { id: trips.tripperId, name: users.name, email: users.email, emailHidden: users.emailHidden },
      readerId,
    ),
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
    // Text joined by commas (ids hold none): an array's wire format differs between the two databases.
    groupIds: sql<
      string | null
    >`(select string_agg(tg.group_id::text, ',' order by tg.group_id) from ${tripGroups} tg where tg.trip_id = ${trips.id} and (${trips.tripperId} = ${readerId} or exists (select 1 from ${groupMembers} gm where gm.group_id = tg.group_id and gm.user_id = ${readerId})))`,
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
  return rows.map((row) => tripOf(row, now));
}

/** A row of tripColumns, as a select answers it. */
interface TripRow {
  id: string;
  tripperId: string;
  tripperName: string;
  tripperArea: string | null;
  store: string;
  departsAt: Date;
  closesAt: Date;
  note: string | null;
  maxItems: number | null;
  status: string;
  repeat: NonNullable<Trip["repeat"]>["every"] | null;
  skipNext: boolean;
  createdAt: Date;
  groupIds: string | null;
  itemCount: number;
}

function tripOf(row: TripRow, now: Date): Trip {
  return {
    id: row.id,
    tripperId: row.tripperId,
    tripper: { id: row.tripperId, name: row.tripperName, generalArea: row.tripperArea },
    store: row.store,
    departsAt: row.departsAt,
    closesAt: row.closesAt,
    note: row.note,
    maxItems: row.maxItems,
    status: tripStatusAt(row.status as TripStatus, row.closesAt, now),
    groupIds: row.groupIds ? row.groupIds.split(",") : [],
    repeat: row.repeat ? { every: row.repeat } : null,
    skipNext: row.skipNext,
    itemCount: row.itemCount,
    createdAt: row.createdAt,
  };
}

/**
 * The trips on the reader's dashboard (PRODUCT "Trips on screen"), as one JSON column, so they ride on a
 * statement the dashboard already makes (its budget is four): open trips announced to the reader's groups
 * by someone with no block between them, and the reader's own not cancelled until they leave, soonest first.
 */
export function dashboardTripsJson(readerId: Reader, now: Reader): SQL<unknown> {
  const columns = tripColumns(readerId);
  const pairs = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  const shown = sql`(${trips.tripperId} = ${readerId} and ${trips.status} <> 'cancelled' and ${trips.departsAt} > ${now}::timestamptz)
    or (${trips.status} = 'open' and ${trips.closesAt} > ${now}::timestamptz and ${noBlockBetween(trips.tripperId, readerId)})`;
  // The trips that may be shown, found by index from the reader's memberships (a group's trips whose list is
  // still open, by (group_id, closes_at)) and their own not yet left (by (tripper_id, departs_at)): never
  // by the trips that have left, which stay in the tables (docs/PERFORMANCE.md, issue 28). Every trip
  // `shown` keeps is among them: another's closes later than now, an own one leaves later than now.
  const visible = sql`(select tg.trip_id from ${groupMembers} gm join ${tripGroups} tg on tg.group_id = gm.group_id and tg.closes_at > ${now}::timestamptz where gm.user_id = ${readerId}
    union all select ot.id from ${trips} ot where ot.tripper_id = ${readerId} and ot.departs_at > ${now}::timestamptz)`;
  // Written out in full: in a single-table statement drizzle leaves its own columns unqualified.
  return sql`(select coalesce(json_agg(json_build_object(${pairs}) order by "trips"."departs_at", "trips"."id"), '[]'::json)
    from ${trips} inner join ${users} on "users"."id" = "trips"."tripper_id"
    where "trips"."id" in ${visible} and (${shown}))`;
}

/** The trips of dashboardTripsJson, read back: JSON carries times as text. */
export function tripsFromJson(value: unknown, now: Date): Trip[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>[];
  return rows.map((row) =>
    tripOf(
      {
        ...(row as unknown as TripRow),
        departsAt: new Date(row.departsAt as string),
        closesAt: new Date(row.closesAt as string),
        createdAt: new Date(row.createdAt as string),
        itemCount: Number(row.itemCount),
      },
      now,
    ),
  );
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
