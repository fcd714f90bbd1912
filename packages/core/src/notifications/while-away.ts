import { groupMembers, groups, requests, userEmailPreferences, users, type Executor, type Transaction } from "@hyn/db";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, gt, gte, isNull, ne, sql } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { whileAwayEmail, type GroupMonth } from "../mail/templates";
import type { CoreDeps } from "../shared/deps";
import { DAY_MS } from "../shared/clock";
import { localeOf } from "../shared/locale";
import { noBlockBetween } from "../shared/blocks";
import { channelOnSql } from "../preferences/notification-preferences";
import { addDefaultEmailPreferences } from "../preferences/profile-frequency";
import { requestUrl } from "../request-views/request-url";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";
import { notificationLinks } from "./immediate";
import { isQuietSql, QUIET_NOTICE_COVERS_DAYS, QUIET_NOTICE_MAX_ITEMS, quietNoticeDueSql } from "../quiet-members/rule";

export interface WhileAwayRunOptions {
  /** Stops between two members (shutdown); a later run picks up the rest. */
  signal?: AbortSignal;
}

export interface WhileAwayRunResult {
  considered: number;
  sent: number;
}

/**
 * Who is due the e-mail now (PRODUCT "Quiet members"): not suspended, the `while_away` e-mail on, quiet
 * in at least one of their groups (a visit 30 days ago or more, or none and a join that long ago), and
 * not sent one in the last 90 days. A person with no preferences row has never been sent one.
 */
function dueSql(now: Date) {
  return and(
    isNull(users.suspendedAt),
    channelOnSql(users.id, "while_away", "email"),
    sql`exists (select 1 from ${groupMembers} qgm where qgm.user_id = ${users.id}
      and ${isQuietSql(users.lastActiveAt, now, sql`qgm.joined_at`)})`,
    sql`not exists (select 1 from ${userEmailPreferences} qep where qep.user_id = ${users.id}
      and not ${quietNoticeDueSql(sql`qep.last_quiet_notice_sent`, now)})`,
  );
}

const helpers = alias(users, "helper");

/** What happened since `since` in one group, as the reader may see it (nothing of a blocked neighbour). */
async function monthOf(
  db: Executor,
  deps: CoreDeps,
  readerId: string,
  group: { id: string; name: string },
  since: Date,
  now: Date,
): Promise<GroupMonth> {
  const fulfilledWhere = and(
    eq(requests.groupId, group.id),
    eq(requests.status, "fulfilled"),
    gte(requests.fulfilledAt, since),
    noBlockBetween(readerId, requests.userId),
    sql`(${requests.claimedBy} is null or ${noBlockBetween(readerId, requests.claimedBy)})`,
  );
  const neededWhere = and(
    eq(requests.groupId, group.id),
    eq(requests.status, "open"),
    gt(requests.neededBy, now),
    ne(requests.userId, readerId),
    noBlockBetween(readerId, requests.userId),
  );
  const fulfilled = await db
    .select({ itemDescription: requests.itemDescription, helperName: sql<string>`coalesce(${helpers.name}, '')` })
    .from(requests)
    .leftJoin(helpers, eq(helpers.id, requests.claimedBy))
    .where(fulfilledWhere)
    .orderBy(desc(requests.fulfilledAt), asc(requests.id))
    .limit(QUIET_NOTICE_MAX_ITEMS);
  const [fulfilledCount] = await db.select({ n: count() }).from(requests).where(fulfilledWhere);
  const stillNeeded = await db
    .select({
      id: requests.id,
      itemDescription: requests.itemDescription,
      neededBy: requests.neededBy,
      requesterName: users.name,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .where(neededWhere)
    .orderBy(asc(requests.neededBy), asc(requests.id))
    .limit(QUIET_NOTICE_MAX_ITEMS);
  const [stillNeededCount] = await db.select({ n: count() }).from(requests).where(neededWhere);
  const newMembers = await db
    .select({ name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        gte(groupMembers.joinedAt, since),
        ne(groupMembers.userId, readerId),
        noBlockBetween(readerId, groupMembers.userId),
      ),
    )
    .orderBy(asc(groupMembers.joinedAt), asc(users.id));
  return {
    groupName: group.name,
    fulfilled,
    fulfilledCount: fulfilledCount?.n ?? 0,
    stillNeeded: stillNeeded.map(({ id, ...item }) => ({ ...item, url: requestUrl(deps.config, id) })),
    stillNeededCount: stillNeededCount?.n ?? 0,
    newMembers: newMembers.map((member) => member.name),
  };
}

const happened = (month: GroupMonth) =>
  month.fulfilledCount > 0 || month.stillNeededCount > 0 || month.newMembers.length > 0;

/** The member's month as the e-mail tells it (null: not due, or nothing happened in any of their groups). */
async function monthFor(deps: CoreDeps, userId: string, now: Date) {
  const [member] = await deps.db
    .select({ email: users.email, locale: users.locale, lastActiveAt: users.lastActiveAt })
    .from(users)
    .where(and(eq(users.id, userId), dueSql(now)));
  if (!member) return null;
  // The groups they are quiet in: all of them once they have visited; else those joined a month ago or more.
  const quietIn = await deps.db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        isQuietSql(sql`${member.lastActiveAt?.toISOString() ?? null}::timestamptz`, now, groupMembers.joinedAt),
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id));
  const since = new Date(now.getTime() - QUIET_NOTICE_COVERS_DAYS * DAY_MS);
  const news: GroupMonth[] = [];
  for (const group of quietIn) {
    const month = await monthOf(deps.db, deps, userId, group, since, now);
    if (happened(month)) news.push(month);
  }
  return news.length > 0 ? { member, news } : null;
}

/**
 * One member, like the daily summary (notifications/digest.ts): their month is read first, then one
 * short transaction takes their preferences row FOR UPDATE SKIP LOCKED (another instance on the same
 * member skips them), checks they are still due, queues the e-mail in the outbox and moves
 * last_quiet_notice_sent to now, all committing together; so no two runs send it twice, and the row is
 * held for two statements only (the daily summary skips a row held by someone else). A month in which
 * nothing happened in any of their groups sends nothing and leaves them due, so the next month with news
 * is told.
 */
async function noticeForMember(deps: CoreDeps, unsubscribe: UnsubscribeLinks, userId: string): Promise<boolean> {
  const now = deps.clock.now();
  const month = await monthFor(deps, userId, now);
  if (!month) return false;
  const { member, news } = month;
  return deps.db.transaction(async (tx: Transaction) => {
    await addDefaultEmailPreferences(tx, userId, now);
    const [stillDue] = await tx
      .select({ userId: userEmailPreferences.userId })
      .from(userEmailPreferences)
      .innerJoin(users, eq(users.id, userEmailPreferences.userId))
      .where(and(eq(userEmailPreferences.userId, userId), dueSql(now)))
      .for("update", { of: userEmailPreferences, skipLocked: true });
    if (!stillDue) return false;
    await enqueueEmail(tx, now, {
      ...whileAwayEmail(
        member.email,
        { groups: news, days: QUIET_NOTICE_COVERS_DAYS, appUrl: deps.config.appUrl },
        notificationLinks(deps.config, unsubscribe, userId, { kind: "while_away" }, localeOf(member.locale)),
      ),
      type: "while_away",
      userId,
    });
    await tx
      .update(userEmailPreferences)
      .set({ lastQuietNoticeSent: now, updatedAt: now })
      .where(eq(userEmailPreferences.userId, userId));
    return true;
  });
}

/**
 * Quiet members, gently (issue 41 §5): each member quiet for a month gets one e-mail of what their
 * groups did meanwhile, at most once in 90 days, however many instances run it and however often.
 */
export async function runWhileAwayNotices(
  deps: CoreDeps,
  options: WhileAwayRunOptions = {},
): Promise<WhileAwayRunResult> {
  const now = deps.clock.now();
  const due = await deps.db.select({ userId: users.id }).from(users).where(dueSql(now)).orderBy(asc(users.id));
  const result: WhileAwayRunResult = { considered: 0, sent: 0 };
  if (due.length === 0) return result;
  const unsubscribe = await unsubscribeLinks(deps);
  for (const { userId } of due) {
    if (options.signal?.aborted) break;
    result.considered++;
    if (await noticeForMember(deps, unsubscribe, userId)) result.sent++;
  }
  return result;
}
