import { CALENDAR_FEED_MAX_EVENTS } from "@hyn/validators/policy";
import { groups, preparedStatement, requests, users, type Executor } from "@hyn/db";
import { and, asc, eq, gt, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CoreConfig } from "../shared/config";
import { displayNameInGroup } from "../shared/display-name";
import { requestUrl } from "../request-views/request-url";
import { requestVisibleTo } from "../request-views/view";
import type { CalendarEntry } from "./ics";

const requester = alias(users, "calendar_requester");
const helper = alias(users, "calendar_helper");

/** What an event shows, people named as `readerId` may see them. */
function entryColumns(readerId: string | SQL) {
  return {
    id: requests.id,
    itemDescription: requests.itemDescription,
    groupName: groups.name,
    requesterId: requests.userId,
    requesterName: displayNameInGroup(requester, requests.groupId, readerId),
    helperName: sql<
      string | null
    >`case when ${helper.id} is null then null else ${displayNameInGroup(helper, requests.groupId, readerId)} end`,
    claimedBy: requests.claimedBy,
    status: requests.status,
    neededBy: requests.neededBy,
    storePreference: requests.storePreference,
    pickupNotes: requests.pickupNotes,
    ifUnavailable: requests.ifUnavailable,
    revision: requests.revision,
  };
}

function entriesQuery(executor: Executor, readerId: string | SQL, where: SQL | undefined, limit: number) {
  return executor
    .select(entryColumns(readerId))
    .from(requests)
    .innerJoin(groups, eq(groups.id, requests.groupId))
    .innerJoin(requester, eq(requester.id, requests.userId))
    .leftJoin(helper, eq(helper.id, requests.claimedBy))
    .where(where)
    .orderBy(asc(requests.neededBy), asc(requests.id))
    .limit(limit);
}

type EntryRow = Awaited<ReturnType<typeof entriesQuery>>[number];

function toEntry(config: CoreConfig, row: EntryRow): CalendarEntry {
  return { ...row, url: requestUrl(config, row.id) };
}

async function selectEntries(
  executor: Executor,
  config: CoreConfig,
  readerId: string,
  where: SQL | undefined,
  limit: number,
): Promise<CalendarEntry[]> {
  const rows = await entriesQuery(executor, readerId, where, limit);
  return rows.map((row) => toEntry(config, row));
}

/** One request's entry, read by every claim's confirmation: built once. */
const entryById = preparedStatement((executor) => {
  const readerId: Placeholder = sql.placeholder("readerId");
  return entriesQuery(
    executor,
    sql`${readerId}`,
    and(eq(requests.id, sql.placeholder("requestId")), requestVisibleTo(readerId)),
    1,
  ).prepare("calendar_entry_by_id");
});

/** One request, if `readerId` may read it: as reading the request decides (`requestVisibleTo`). */
export async function selectCalendarEntry(
  executor: Executor,
  config: CoreConfig,
  requestId: string,
  readerId: string,
): Promise<CalendarEntry | null> {
  const [row] = await entryById(executor).execute({ requestId, readerId });
  return row ? toEntry(config, row) : null;
}

/**
 * A personal feed: what `readerId` is helping with (claimed by them) and their own requests still
 * open or claimed, due after `now`; the soonest CALENDAR_FEED_MAX_EVENTS. A request that leaves this
 * set (unclaimed, fulfilled, deleted, past) leaves the feed, and subscribed calendars drop it.
 */
export function selectFeedEntries(
  executor: Executor,
  config: CoreConfig,
  readerId: string,
  now: Date,
): Promise<CalendarEntry[]> {
  return selectEntries(
    executor,
    config,
    readerId,
    and(
      gt(requests.neededBy, now),
      or(
        // A trip's items are counted by the trip's own event in the tripper's feed (service.ts), not listed.
        and(eq(requests.claimedBy, readerId), eq(requests.status, "claimed"), isNull(requests.tripId)),
        and(eq(requests.userId, readerId), or(eq(requests.status, "open"), eq(requests.status, "claimed"))),
      ),
    ),
    CALENDAR_FEED_MAX_EVENTS,
  );
}
