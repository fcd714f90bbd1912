import {
  groupMembers,
  groups,
  requests,
  tripGroups,
  trips,
  userEmailPreferences,
  users,
  type Transaction,
} from "@hyn/db";
import { and, asc, eq, gt, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { enqueueEmail } from "../mail/outbox";
import { weeklySummaryEmail, type WeeklyGroupWeek } from "../mail/templates";
import { inSummaryGroupsOf, wantsSummarySql } from "../preferences/notification-preferences";
import { NO_READER, selectRequestViews } from "../request-views/view";
import { noBlockBetween } from "../shared/blocks";
import type { CoreDeps } from "../shared/deps";
import { displayNameInGroup } from "../shared/display-name";
import { localeOf } from "../shared/locale";
import { DAY_MS } from "../shared/clock";
import { requestUrl } from "../request-views/request-url";
import type { UnsubscribeLinks } from "../unsubscribe/links";
import { runPerMember, takeDueMember, type DigestRunOptions, type DigestRunResult } from "./digest";
import { notificationLinks } from "./immediate";

/** The span a weekly summary tells of, and how far ahead its trips are "coming up". */
export const WEEKLY_SUMMARY_SPAN_MS = 7 * DAY_MS;

/** Someone whose account is suspended is left out of every summary (PRODUCT "Suspension"). */
function notSuspended(userId: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${users} wsu where wsu.id = ${userId} and wsu.suspended_at is not null)`;
}

/** The first word of a name, as the summary welcomes new members; "" when they gave none. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The week in a member's groups on Weekly (issue 41): requests fulfilled (and by whom), thanks said,
 * what is still needed and by when, trips coming up and new members. `since` is the start of the week
 * (or the member's last weekly summary, if later: nothing is told twice). Blocks and suspended accounts
 * are left out as in the daily summary; removed requests and groups no longer exist.
 */
export async function weekOf(tx: Transaction, userId: string, since: Date, now: Date): Promise<WeeklyGroupWeek[]> {
  const inWeeklyGroup = (groupId: AnyPgColumn) => inSummaryGroupsOf(userId, groupId, "weekly");
  const aboutRequest = and(
    inWeeklyGroup(requests.groupId),
    noBlockBetween(userId, requests.userId),
    notSuspended(requests.userId),
  );
  const helperShown = and(
    sql`${requests.claimedBy} is not null`,
    noBlockBetween(userId, requests.claimedBy),
    notSuspended(requests.claimedBy),
  );
  const fulfilled = await selectRequestViews(
    tx,
    now,
    and(aboutRequest, helperShown, eq(requests.status, "fulfilled"), gt(requests.fulfilledAt, since)),
    NO_READER,
  );
  const thanked = await selectRequestViews(
    tx,
    now,
    and(aboutRequest, helperShown, eq(requests.status, "fulfilled"), gt(requests.thankedAt, since)),
    NO_READER,
  );
  const stillNeeded = await selectRequestViews(
    tx,
    now,
    and(aboutRequest, ne(requests.userId, userId), eq(requests.status, "open"), gt(requests.neededBy, now)),
    NO_READER,
  );
  const comingTrips = await tx
    .select({
      groupId: tripGroups.groupId,
      groupName: groups.name,
      tripper: displayNameInGroup(users, tripGroups.groupId, userId),
      store: trips.store,
      departsAt: trips.departsAt,
    })
    .from(trips)
    .innerJoin(tripGroups, eq(tripGroups.tripId, trips.id))
    .innerJoin(groups, eq(groups.id, tripGroups.groupId))
    .innerJoin(users, eq(users.id, trips.tripperId))
    .where(
      and(
        inWeeklyGroup(tripGroups.groupId),
        eq(trips.status, "open"),
        ne(trips.tripperId, userId),
        gt(trips.departsAt, now),
        lte(trips.departsAt, new Date(now.getTime() + WEEKLY_SUMMARY_SPAN_MS)),
        noBlockBetween(userId, trips.tripperId),
        isNull(users.suspendedAt),
      ),
    )
    .orderBy(asc(trips.departsAt), asc(trips.id));
  const newMembers = await tx
    .select({ groupId: groupMembers.groupId, groupName: groups.name, name: users.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        inWeeklyGroup(groupMembers.groupId),
        ne(groupMembers.userId, userId),
        gt(groupMembers.joinedAt, since),
        noBlockBetween(userId, groupMembers.userId),
        isNull(users.suspendedAt),
      ),
    )
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));

  const weeks = new Map<string, WeeklyGroupWeek>();
  const weekIn = (groupId: string, groupName: string) => {
    let week = weeks.get(groupId);
    if (!week) {
      week = { groupName, fulfilled: [], thanked: [], stillNeeded: [], trips: [], newMembers: [], postedThisWeek: 0 };
      weeks.set(groupId, week);
    }
    return week;
  };
  for (const r of fulfilled)
    weekIn(r.groupId, r.groupName).fulfilled.push({
      item: r.itemDescription,
      requester: r.creator.name,
      helper: r.helper?.name ?? "",
    });
  for (const r of thanked)
    weekIn(r.groupId, r.groupName).thanked.push({
      item: r.itemDescription,
      requester: r.creator.name,
      helper: r.helper?.name ?? "",
    });
  for (const r of stillNeeded) {
    const week = weekIn(r.groupId, r.groupName);
    week.stillNeeded.push({
      item: r.itemDescription,
      requester: r.creator.name,
      neededBy: r.neededBy,
      requestId: r.id,
    });
    if (r.createdAt > since) week.postedThisWeek++;
  }
  for (const t of comingTrips)
    weekIn(t.groupId, t.groupName).trips.push({ tripper: t.tripper, store: t.store, departsAt: t.departsAt });
  for (const m of newMembers) weekIn(m.groupId, m.groupName).newMembers.push(firstName(m.name));
  return [...weeks.values()].filter(somethingHappened).sort((a, b) => a.groupName.localeCompare(b.groupName));
}

/**
 * Whether a group's week had anything in it: a request fulfilled or thanked, one posted, a trip coming
 * up, a new member. Requests posted before the week and still open are listed with the rest, but alone
 * they are not news: a quiet week sends nothing (issue 41).
 */
export function somethingHappened(week: WeeklyGroupWeek): boolean {
  return (
    week.fulfilled.length + week.thanked.length + week.postedThisWeek + week.trips.length + week.newMembers.length > 0
  );
}

/**
 * One member's weekly summary, in one transaction, as the daily one (digest.ts): the preferences row is
 * taken FOR UPDATE SKIP LOCKED, the e-mail queued, and last_weekly_sent moved to now, committing together.
 * A quiet week queues nothing and leaves the member as they were.
 */
async function weeklyForMember(
  deps: CoreDeps,
  unsubscribe: UnsubscribeLinks,
  userId: string,
  slot: Date,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx: Transaction) => {
    const member = await takeDueMember(tx, userId, dueFor(slot));
    if (!member) return false;
    const weekStart = now.getTime() - WEEKLY_SUMMARY_SPAN_MS;
    const since = new Date(Math.max(weekStart, member.lastWeeklySent?.getTime() ?? weekStart));
    const week = await weekOf(tx, userId, since, now);
    if (week.length === 0) return false;
    const links = notificationLinks(
      deps.config,
      unsubscribe,
      userId,
      { kind: "new_requests" },
      localeOf(member.locale),
    );
    const requestIds = week.flatMap((group) => group.stillNeeded.map((r) => r.requestId));
    await enqueueEmail(tx, now, {
      ...weeklySummaryEmail(
        member.email,
        {
          dashboardUrl: `${deps.config.appUrl}/`,
          groups: week,
          requestUrl: (requestId) => requestUrl(deps.config, requestId),
        },
        // As the daily summary's: "Unsubscribe" stops new-request e-mails, this summary among them.
        links,
      ),
      type: "weekly_summary",
      userId,
      requestIds,
    });
    await tx
      .update(userEmailPreferences)
      .set({ lastWeeklySent: now, updatedAt: now })
      .where(eq(userEmailPreferences.userId, userId));
    return true;
  });
}

/** Members with a group on Weekly (and new-request e-mails on) who have not had a weekly summary since this slot. */
function dueFor(slot: Date) {
  return and(
    wantsSummarySql(userEmailPreferences.userId, "weekly"),
    or(isNull(userEmailPreferences.lastWeeklySent), lt(userEmailPreferences.lastWeeklySent, slot)),
  );
}

/**
 * The weekly summary (issue 41): each member with a group on Weekly gets one e-mail with the week in
 * those groups, at most once per slot however many instances run it, and none for a quiet week.
 */
export async function runWeeklySummary(deps: CoreDeps, options: DigestRunOptions): Promise<DigestRunResult> {
  return runPerMember(deps, options, dueFor(options.slot), (unsubscribe, userId) =>
    weeklyForMember(deps, unsubscribe, userId, options.slot),
  );
}
