import { THANKS_SHOWN_TO_HELPER_DAYS } from "@hyn/validators/policy";
import { awaitingFirstOffer } from "@hyn/validators/first-offer";
import { FIRST_OFFER_MIN_WAIT_HOURS, FIRST_OFFER_WAIT_SHARE } from "@hyn/validators/policy";
import {
  groupMembers,
  groups,
  offlineMembers,
  perDatabase,
  preparedStatement,
  requests,
  requestSeries,
  timestampParam,
  timestampPlaceholder,
  users,
  type Database,
  type Executor,
} from "@hyn/db";
import {
  encodeRequestCursor,
  requestDisplayStatus,
  type RequestPage,
  type RequestPageInput,
  type RequestStatus,
  type RepeatEvery,
  type RequestView,
} from "@hyn/validators";
import { and, asc, eq, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgSelect } from "drizzle-orm/pg-core";
import { noBlockBetween } from "../shared/blocks";
import { displayNameInGroup } from "../shared/display-name";

const creator = alias(users, "creator");
const helper = alias(users, "helper");

/**
 * Selected explicitly: the card's fields, and of the two users only what neighbours may see. A list
 * shows a request to its group's members or to its creator, so an address is shown only while the
 * person and the creator are both in the request's group.
 */
/**
 * "First request from Ana" (issue 41 §3): no older request of the creator's in the same group, on the index of
 * (user_id, created_at, id) one probe per card. Written out like membershipExists: the outer row is "requests".
 * A request deleted since no longer counts, so after a first request is deleted the next one is the first.
 */
function firstInGroupSql(): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${requests} earlier where earlier.user_id = "requests"."user_id" and earlier.group_id = "requests"."group_id" and (earlier.created_at, earlier.id) < ("requests"."created_at", "requests"."id"))`;
}

const requestViewColumns = {
  id: requests.id,
  userId: requests.userId,
  groupId: requests.groupId,
  groupName: groups.name,
  itemDescription: requests.itemDescription,
  storePreference: requests.storePreference,
  neededBy: requests.neededBy,
  pickupNotes: requests.pickupNotes,
  ifUnavailable: requests.ifUnavailable,
  status: requests.status,
  claimedBy: requests.claimedBy,
  claimedAt: requests.claimedAt,
  fulfilledAt: requests.fulfilledAt,
  lastNotifiedAt: requests.lastNotifiedAt,
  lastReachNow: requests.lastReachNow,
  lastReachDaily: requests.lastReachDaily,
  lastReachAppOnly: requests.lastReachAppOnly,
  lastReachLater: requests.lastReachLater,
  lastReachWeekly: requests.lastReachWeekly,
  thankedAt: requests.thankedAt,
  createdAt: requests.createdAt,
  firstOfferedAt: requests.firstOfferedAt,
  firstInGroup: firstInGroupSql(),
  tripId: requests.tripId,
  quantity: requests.quantity,
  seriesId: requests.seriesId,
  // A stopped series no longer repeats: its last occurrence shows no "Repeats every week".
  repeats: sql<RepeatEvery | null>`case when ${requestSeries.stoppedAt} is null then ${requestSeries.every} end`,
  seriesHelperId: requestSeries.helperId,
  creatorName: displayNameInGroup(creator, requests.groupId, requests.userId),
  creatorArea: creator.generalArea,
  helperName: sql<
    string | null
  >`case when ${helper.id} is null then null else ${displayNameInGroup(helper, requests.groupId, requests.userId)} end`,
  helperArea: helper.generalArea,
  // The neighbour without the app it was posted for (issue 42 §1): name only, their phone is the claim's contact.
  onBehalfOfId: requests.onBehalfOf,
  onBehalfOfName: offlineMembers.name,
};

/**
 * awaitingFirstOffer (issue 41 §3) in SQL, as of `now`: open, never offered for, not past its needed-by, and past
 * half its time to needed-by and FIRST_OFFER_MIN_WAIT_HOURS after posting (`nobodyOfferedFrom`).
 */
export function awaitingFirstOfferSql(now: SQL): SQL {
  return sql`(${requests.status} = 'open' and ${requests.firstOfferedAt} is null and ${requests.neededBy} > ${now}
    and ${now} >= ${requests.createdAt} + greatest((${requests.neededBy} - ${requests.createdAt}) * ${sql.raw(String(FIRST_OFFER_WAIT_SHARE))}, make_interval(hours => ${sql.raw(String(FIRST_OFFER_MIN_WAIT_HOURS))})))`;
}

/**
 * The list order of PRODUCT "How things change", done by the database so it scales with the list: a request nobody has
 * offered for yet at half its time (issue 41 §3), open, claimed, fulfilled, expired (an open request past its
 * needed-by), then earliest needed-by. Only the first page holds active requests (ADR 0014), so this moves nothing
 * between pages and the keyset of the finished ones is untouched.
 */
export function requestOrder(now: SQL): SQL[] {
  const rank = sql`case
    when ${awaitingFirstOfferSql(now)} then -1
    when ${requests.status} = 'open' and ${requests.neededBy} > ${now} then 0
    when ${requests.status} = 'claimed' then 1
    when ${requests.status} = 'fulfilled' then 2
    else 3 end`;
  return [rank, asc(requests.neededBy), asc(requests.createdAt), asc(requests.id)];
}

function viewQuery(executor: Executor) {
  return withPeople(executor.select(requestViewColumns).from(requests).$dynamic());
}

/** The group, creator and helper each card shows, joined onto a select from requests. */
function withPeople<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(groups, eq(groups.id, requests.groupId))
    .innerJoin(creator, eq(creator.id, requests.userId))
    .leftJoin(helper, eq(helper.id, requests.claimedBy))
    .leftJoin(requestSeries, eq(requestSeries.id, requests.seriesId))
    .leftJoin(offlineMembers, eq(offlineMembers.id, requests.onBehalfOf));
}
type Row = Awaited<ReturnType<typeof viewQuery>>[number];

/**
 * Who a view is read for: its reach (PRODUCT "Who will hear") goes to the request's owner alone, as it tells
 * the group's notification settings. `NO_READER` for a view nobody reads as an answer (an e-mail's, a job's)
 * and for a group's list, which is the same for every member (the answer cache shares it, ADR 0009).
 */
export type Reader = string | null;
export const NO_READER: Reader = null;

/** Requests with their group, creator and helper joined in: one statement for any number of rows. */
export async function selectRequestViews(
  executor: Executor,
  now: Date,
  where: SQL | undefined,
  reader: Reader,
): Promise<RequestView[]> {
  const rows = await viewQuery(executor)
    .where(where)
    .orderBy(...requestOrder(timestampParam(now)));
  return rows.map((row) => toRequestView(row, now, reader));
}

/**
 * A request is shown to `readerId` unless a block stands between the reader and its creator (PRODUCT
 * "Blocking"); one the reader has claimed stays, so the claim can still be finished or given back.
 */
function shownTo(readerId: string | Placeholder, r: Record<"userId" | "claimedBy", AnyPgColumn>): SQL {
  return sql`(${noBlockBetween(readerId, r.userId)} or ${r.claimedBy} = ${readerId})`;
}

/**
 * The helpable list read on every dashboard load, built once per database (see perDatabase): values
 * are the placeholders `userId` and `now` (an ISO string). It holds active requests only, so it stays small.
 */
const helpableQuery = perDatabase((db) => {
  const now = timestampPlaceholder("now");
  const userId = sql.placeholder("userId");
  // Others' requests in my groups that I can still claim, the ones I have claimed and not yet fulfilled,
  // and for a few days the ones I fulfilled and was thanked for (the card says so).
  return viewQuery(db)
    .where(
      and(
        ne(requests.userId, userId),
        inGroupsOf(userId),
        shownTo(userId, requests),
        or(
          and(eq(requests.status, "open"), sql`${requests.neededBy} > ${now}`),
          and(eq(requests.status, "claimed"), eq(requests.claimedBy, userId)),
          and(
            eq(requests.status, "fulfilled"),
            eq(requests.claimedBy, userId),
            sql`${requests.thankedAt} > ${now} - make_interval(days => ${sql.raw(String(THANKS_SHOWN_TO_HELPER_DAYS))})`,
          ),
        ),
      ),
    )
    .orderBy(...requestOrder(now))
    .prepare("request_views_helpable");
});

/** Others' requests in `userId`'s groups still open to claim, those `userId` claimed and has not fulfilled, and their recent thanks. */
export async function selectHelpableRequestViews(db: Database, now: Date, userId: string): Promise<RequestView[]> {
  const rows = await helpableQuery(db).execute({ userId, now: now.toISOString() });
  return rows.map((row) => toRequestView(row, now, userId));
}

/** The requests table or an alias of it. */
type RequestTable = Record<"status" | "neededBy" | "fulfilledAt", AnyPgColumn>;

/**
 * Finished as of `asOf` (ADR 0014): fulfilled by then, or open with its needed-by passed by then (a
 * stored "expired" too). A request fulfilled later was active then, so it is not finished as of then.
 */
function finishedAsOf(r: RequestTable, asOf: SQL): SQL {
  return sql`(${r.status} = 'expired' or (${r.status} = 'open' and ${r.neededBy} <= ${asOf}) or (${r.status} = 'fulfilled' and (${r.fulfilledAt} is null or ${r.fulfilledAt} <= ${asOf})))`;
}

/** Active at `asOf`: claimed, or open and not yet past its needed-by. */
function activeAsOf(r: RequestTable, asOf: SQL): SQL {
  return sql`(${r.status} = 'claimed' or (${r.status} = 'open' and ${r.neededBy} > ${asOf}))`;
}

/** Sorts before every real (created_at, id): the first page's "before". */
const AFTER_EVERYTHING = { before: "infinity", beforeId: "ffffffff-ffff-ffff-ffff-ffffffffffff" };

/**
 * A person's or a group's requests a page at a time, built once per database (ADR 0014). Placeholders:
 * the owner (`userId` or `groupId`); `now` and `asOf` (ISO strings; asOf is when the first page was
 * read); `withActive` (the first page only); `before`/`beforeId`, where the keyset continues; `take`.
 * The finished ones are chosen newest first by (created_at, id), on the indexes of migration 0005.
 */
const pageQueries = perDatabase((db) => {
  const now = timestampPlaceholder("now");
  const asOf = timestampPlaceholder("asOf");
  const before = timestampPlaceholder("before");
  const page = alias(requests, "page");
  const list = (name: string, ownedBy: SQL) =>
    withPeople(
      db
        .select({
          ...requestViewColumns,
          finished: sql<boolean>`${finishedAsOf(requests, asOf)}`,
          // Exact (microseconds): a keyset on a rounded time would skip or repeat requests posted in the same millisecond.
          createdAtMicros: sql<string>`((extract(epoch from ${requests.createdAt}) * 1000000)::bigint)::text`,
        })
        .from(requests)
        .$dynamic(),
    )
      .where(
        // An array, not IN (subquery): the page's few ids are then read through the primary key,
        // where a join may be planned as a scan of every request (EXPLAIN in docs/PERFORMANCE.md).
        sql`${requests.id} = any(array(
          select ${page.id} from ${requests} ${page} where ${ownedBy} and ${sql.placeholder("withActive")}::boolean and ${activeAsOf(page, asOf)}
          union all
          (select ${page.id} from ${requests} ${page}
            where ${ownedBy} and ${finishedAsOf(page, asOf)} and (${page.createdAt}, ${page.id}) < (${before}, ${sql.placeholder("beforeId")}::uuid)
            order by ${page.createdAt} desc, ${page.id} desc
            limit ${sql.placeholder("take")})))`,
      )
      .orderBy(...requestOrder(now))
      .prepare(name);
  return {
    mine: list("request_page_mine", sql`${page.userId} = ${sql.placeholder("userId")}`),
    // The group's list as its reader may see it: `readerId` is the caller.
    ofGroup: list(
      "request_page_of_group",
      sql`${page.groupId} = ${sql.placeholder("groupId")} and ${shownTo(sql.placeholder("readerId"), page)}`,
    ),
  };
});

/**
 * The first page (no cursor): every active request and the `limit` latest finished ones. A later page:
 * the next `limit` finished ones, finished as of the first page's time, so that an open request which
 * expires in between, or a claimed one fulfilled since, is not shown twice. Each page in that order.
 */
async function selectPage(
  db: Database,
  list: keyof ReturnType<typeof pageQueries>,
  now: Date,
  owner: { userId: string } | { groupId: string; readerId: string },
  { limit, cursor }: RequestPageInput,
): Promise<RequestPage> {
  const asOf = cursor?.asOf ?? now;
  const rows = await pageQueries(db)[list].execute({
    ...owner,
    now: now.toISOString(),
    asOf: asOf.toISOString(),
    withActive: cursor === null,
    ...(cursor ? { before: microsToIso(cursor.beforeMicros), beforeId: cursor.beforeId } : AFTER_EVERYTHING),
    take: limit + 1,
  });
  const finished = rows.filter((row) => row.finished).sort(newestFirst);
  // One more than asked for says there is a next page; it is not shown.
  const beyond = finished.length > limit ? finished[limit] : undefined;
  const last = beyond ? finished[limit - 1] : undefined;
  return {
    requests: rows
      .filter((row) => row !== beyond)
      .map((row) => toRequestView(row, now, "userId" in owner ? owner.userId : NO_READER)),
    nextCursor: last ? encodeRequestCursor({ asOf, beforeMicros: last.createdAtMicros, beforeId: last.id }) : null,
  };
}

/** Newest first by (created_at, id), as the keyset goes: microseconds compared as digit strings. */
function newestFirst(a: { createdAtMicros: string; id: string }, b: { createdAtMicros: string; id: string }): number {
  const byTime =
    b.createdAtMicros.length - a.createdAtMicros.length ||
    (a.createdAtMicros < b.createdAtMicros ? 1 : a.createdAtMicros > b.createdAtMicros ? -1 : 0);
  return byTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** `1700000000123456` -> `2023-11-14T22:13:20.123456Z`. */
function microsToIso(micros: string): string {
  return new Date(Number(micros.slice(0, -3))).toISOString().replace("Z", `${micros.slice(-3)}Z`);
}

/** A page of the requests `userId` posted. */
export function selectMyRequestPage(
  db: Database,
  now: Date,
  userId: string,
  page: RequestPageInput,
): Promise<RequestPage> {
  return selectPage(db, "mine", now, { userId }, page);
}

/** A page of a group's requests as `readerId` may see them; the caller checks membership. */
export function selectGroupRequestPage(
  db: Database,
  now: Date,
  groupId: string,
  readerId: string,
  page: RequestPageInput,
): Promise<RequestPage> {
  return selectPage(db, "ofGroup", now, { groupId, readerId }, page);
}

/**
 * Requests in groups `userId` belongs to, as a correlated subquery. The outer column is written out:
 * drizzle leaves columns unqualified in a one-table select list, where "group_id" would mean the inner one.
 */
export function inGroupsOf(userId: string | Placeholder): SQL {
  return membershipExists(userId, sql``);
}

/**
 * inGroupsOf for a change made by a member: the membership row it finds stays key-share locked until
 * the transaction ends. Departing deletes that row (departFromGroups), so a departure waits for a
 * change in flight and then sees it, and a change after a departure finds no membership.
 */
export function inGroupsHeldBy(userId: string | Placeholder): SQL {
  return membershipExists(userId, sql` for key share`);
}

function membershipExists(userId: string | Placeholder, locking: SQL): SQL {
  return sql`exists (select 1 from ${groupMembers} gm where gm.group_id = "requests"."group_id" and gm.user_id = ${userId}${locking})`;
}

/** One request's card, read inside every change to it: built once (see preparedStatement). */
const requestViewById = preparedStatement((executor) =>
  viewQuery(executor)
    .where(eq(requests.id, sql.placeholder("requestId")))
    .orderBy(...requestOrder(timestampPlaceholder("now")))
    .prepare("request_view_by_id"),
);

export async function selectRequestView(
  executor: Executor,
  now: Date,
  requestId: string,
  reader: Reader,
): Promise<RequestView | null> {
  const [row] = await requestViewById(executor).execute({ requestId, now: now.toISOString() });
  return row ? toRequestView(row, now, reader) : null;
}

/**
 * One request as the lists would show it to `userId` (PRODUCT "Who may do what"): their own, or one in a group they
 * belong to with no block between them and its creator; null otherwise, so an id in another group reads the same as one that does not exist.
 */
export async function selectVisibleRequestView(
  executor: Executor,
  now: Date,
  requestId: string,
  userId: string,
): Promise<RequestView | null> {
  const [view] = await selectRequestViews(
    executor,
    now,
    and(eq(requests.id, requestId), requestVisibleTo(userId)),
    userId,
  );
  return view ?? null;
}

/**
 * Whether `readerId` may read a request (its row in `requests`), as its page decides: their own, or one in
 * a group they belong to that `shownTo` them. Its calendar file and a report on it ask the same.
 */
export function requestVisibleTo(readerId: string | Placeholder): SQL {
  return or(eq(requests.userId, readerId), and(inGroupsOf(readerId), shownTo(readerId, requests)))!;
}

function toRequestView(row: Row, now: Date, reader: Reader): RequestView {
  // "expired" is never written (PRODUCT "How things change"); a stored one from elsewhere reads as open, and displays as expired.
  const status: RequestStatus = row.status === "expired" ? "open" : row.status;
  return {
    id: row.id,
    userId: row.userId,
    groupId: row.groupId,
    groupName: row.groupName,
    itemDescription: row.itemDescription,
    storePreference: row.storePreference,
    neededBy: row.neededBy,
    pickupNotes: row.pickupNotes,
    ifUnavailable: row.ifUnavailable,
    status,
    displayStatus: requestDisplayStatus(status, row.neededBy, now),
    claimedBy: row.claimedBy,
    claimedAt: row.claimedAt,
    fulfilledAt: row.fulfilledAt,
    lastNotifiedAt: row.lastNotifiedAt,
    lastReach:
      reader !== row.userId || row.lastReachNow === null || row.lastReachDaily === null || row.lastReachAppOnly === null
        ? null
        : {
            now: row.lastReachNow,
            // Null on a notice sent before issue 41: nobody was told later or weekly then.
            later: row.lastReachLater ?? 0,
            daily: row.lastReachDaily,
            weekly: row.lastReachWeekly ?? 0,
            appOnly: row.lastReachAppOnly,
          },
    thankedAt: row.thankedAt,
    createdAt: row.createdAt,
    firstOfferedAt: row.firstOfferedAt,
    awaitingFirstOffer: awaitingFirstOffer({ ...row, status }, now),
    firstInGroup: row.firstInGroup,
    creator: { id: row.userId, name: row.creatorName, generalArea: row.creatorArea },
    helper:
      row.claimedBy && row.helperName !== null
        ? { id: row.claimedBy, name: row.helperName, generalArea: row.helperArea }
        : null,
    tripId: row.tripId,
    quantity: row.quantity,
    seriesId: row.seriesId,
    repeats: row.repeats,
    seriesHelperId: row.seriesHelperId,
    onBehalfOf:
      row.onBehalfOfId !== null && row.onBehalfOfName !== null
        ? { id: row.onBehalfOfId, name: row.onBehalfOfName }
        : null,
  };
}
