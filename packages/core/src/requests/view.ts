import { groupMembers, groups, perDatabase, requests, timestampParam, timestampPlaceholder, users, type Database, type Executor } from "@hyn/db";
import { requestDisplayStatus, type RequestStatus, type RequestView } from "@hyn/validators";
import { and, asc, eq, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

const creator = alias(users, "creator");
const helper = alias(users, "helper");

/** Selected explicitly: the card's fields, and of the two users only what neighbours may see. */
const requestViewColumns = {
  id: requests.id,
  userId: requests.userId,
  groupId: requests.groupId,
  groupName: groups.name,
  itemDescription: requests.itemDescription,
  storePreference: requests.storePreference,
  neededBy: requests.neededBy,
  pickupNotes: requests.pickupNotes,
  status: requests.status,
  claimedBy: requests.claimedBy,
  claimedAt: requests.claimedAt,
  fulfilledAt: requests.fulfilledAt,
  lastNotifiedAt: requests.lastNotifiedAt,
  createdAt: requests.createdAt,
  creatorName: creator.name,
  creatorArea: creator.generalArea,
  helperName: helper.name,
  helperArea: helper.generalArea,
};

/**
 * SPEC §4 list order, done by the database so it scales with the list: open, claimed, fulfilled,
 * expired (an open request past its needed-by), then earliest needed-by.
 */
export function requestOrder(now: SQL): SQL[] {
  const rank = sql`case
    when ${requests.status} = 'open' and ${requests.neededBy} > ${now} then 0
    when ${requests.status} = 'claimed' then 1
    when ${requests.status} = 'fulfilled' then 2
    else 3 end`;
  return [rank, asc(requests.neededBy), asc(requests.createdAt), asc(requests.id)];
}

function viewQuery(executor: Executor) {
  return executor
    .select(requestViewColumns)
    .from(requests)
    .innerJoin(groups, eq(groups.id, requests.groupId))
    .innerJoin(creator, eq(creator.id, requests.userId))
    .leftJoin(helper, eq(helper.id, requests.claimedBy));
}
type Row = Awaited<ReturnType<typeof viewQuery>>[number];

/** Requests with their group, creator and helper joined in: one statement for any number of rows. */
export async function selectRequestViews(executor: Executor, now: Date, where: SQL | undefined): Promise<RequestView[]> {
  const rows = await viewQuery(executor).where(where).orderBy(...requestOrder(timestampParam(now)));
  return rows.map((row) => toRequestView(row, now));
}

/**
 * The lists read on every dashboard load and group page, built once per database (see perDatabase):
 * values are the placeholders `userId`, `groupId` and `now` (an ISO string).
 */
const listQueries = perDatabase((db) => {
  const now = timestampPlaceholder("now");
  const userId = sql.placeholder("userId");
  const list = (name: string, where: SQL | undefined) => viewQuery(db).where(where).orderBy(...requestOrder(now)).prepare(name);
  return {
    mine: list("request_views_mine", eq(requests.userId, userId)),
    // Others' requests in my groups that I can still claim, and the ones I have claimed and not yet fulfilled.
    helpable: list(
      "request_views_helpable",
      and(
        ne(requests.userId, userId),
        inGroupsOf(userId),
        or(and(eq(requests.status, "open"), sql`${requests.neededBy} > ${now}`), and(eq(requests.status, "claimed"), eq(requests.claimedBy, userId))),
      ),
    ),
    ofGroup: list("request_views_of_group", eq(requests.groupId, sql.placeholder("groupId"))),
  };
});

async function selectList(db: Database, list: keyof ReturnType<typeof listQueries>, now: Date, values: { userId: string } | { groupId: string }) {
  const rows = await listQueries(db)[list].execute({ ...values, now: now.toISOString() });
  return rows.map((row) => toRequestView(row, now));
}

/** Requests `userId` posted, every state. */
export function selectMyRequestViews(db: Database, now: Date, userId: string): Promise<RequestView[]> {
  return selectList(db, "mine", now, { userId });
}

/** Others' requests in `userId`'s groups still open to claim, and those `userId` claimed and has not fulfilled. */
export function selectHelpableRequestViews(db: Database, now: Date, userId: string): Promise<RequestView[]> {
  return selectList(db, "helpable", now, { userId });
}

/** Every request of a group; the caller checks membership. */
export function selectGroupRequestViews(db: Database, now: Date, groupId: string): Promise<RequestView[]> {
  return selectList(db, "ofGroup", now, { groupId });
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
export function inGroupsHeldBy(userId: string): SQL {
  return membershipExists(userId, sql` for key share`);
}

function membershipExists(userId: string | Placeholder, locking: SQL): SQL {
  return sql`exists (select 1 from ${groupMembers} gm where gm.group_id = "requests"."group_id" and gm.user_id = ${userId}${locking})`;
}

export async function selectRequestView(executor: Executor, now: Date, requestId: string): Promise<RequestView | null> {
  const [view] = await selectRequestViews(executor, now, eq(requests.id, requestId));
  return view ?? null;
}

function toRequestView(row: Row, now: Date): RequestView {
  // "expired" is never written (SPEC §4); a stored one from elsewhere reads as open, and displays as expired.
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
    status,
    displayStatus: requestDisplayStatus(status, row.neededBy, now),
    claimedBy: row.claimedBy,
    claimedAt: row.claimedAt,
    fulfilledAt: row.fulfilledAt,
    lastNotifiedAt: row.lastNotifiedAt,
    createdAt: row.createdAt,
    creator: { id: row.userId, name: row.creatorName, generalArea: row.creatorArea },
    helper: row.claimedBy && row.helperName !== null ? { id: row.claimedBy, name: row.helperName, generalArea: row.helperArea } : null,
  };
}
