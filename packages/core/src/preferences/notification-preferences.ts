import type { Locale } from "@hyn/validators/locales";
import { localeOf } from "../shared/locale";
import { noBlockBetween } from "../shared/blocks";
import {
  groupMembers,
  groupNotificationSettings,
  pushSubscriptions,
  requests,
  tripGroups,
  userNotificationKinds,
  preparedStatement,
  users,
  type Executor,
} from "@hyn/db";
import { profileFrequencyIsNeverSql, profileFrequencySql } from "./profile-frequency";
import {
  EMAIL_ONLY_KINDS,
  type GroupNotifyFrequency,
  type NotificationChannel,
  type NotificationKind,
} from "@hyn/validators/notification-kinds";
import type { Reach } from "@hyn/validators";
import { frequenciesWhere, GROUP_FREQUENCY_OF_PROFILE } from "@hyn/validators/notification-delivery";
import { and, eq, inArray, ne, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { leastAskedFirst, leastAskedWindowStart, restingWindowStart, whenTold } from "./resting-policy";

/**
 * Who hears of what, and how: the one place the notification preferences are read.
 *
 * - The profile's frequency (Never / Weekly / Daily / Immediate) is the default, for every group, of when a
 *   member hears of new requests; a group's own setting (Immediate / Daily / Weekly / Off) overrides it.
 * - Each kind has a switch per channel (e-mail, push); no stored row means on.
 * So a new request reaches a member by e-mail when the group is on Immediate and `new_requests` e-mail
 * is on, by push when the group is on Immediate and `new_requests` push is on; the daily summary lists
 * the groups on Daily, the weekly summary (issue 41) the groups on Weekly, when `new_requests` e-mail is on. Every other kind follows its switches alone.
 * `newRequestReachSql` says it for one member and group; the posting notice, the daily summary and the
 * reach a poster is shown (PRODUCT "Who will hear") all read it, so what is said is what is sent.
 * The rule itself is validators' `notification-delivery` (its tables, turned into SQL here), which the
 * profile's screen reads too.
 */

type Id = AnyPgColumn | SQL | string;

/**
 * Whether a member is a newcomer who has not answered the first-run question (PRODUCT "Asked once") in a
 * group they joined by an invitation or a link, their profile still on its default, Never: until they
 * answer, that group's new requests reach them in the daily summary (issue 43 §5: "Not now" left a
 * newcomer hearing nothing).
 */
function unansweredNewcomerSql(userId: Id, groupId: Id): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${groupMembers} ngm join ${users} nu on nu.id = ngm.user_id
    where ngm.user_id = ${userId} and ngm.group_id = ${groupId} and ngm.joined_by_invitation and nu.notifications_asked_at is null)
    and ${profileFrequencyIsNeverSql(userId)})`;
}

/**
 * A member's frequency for new requests in a group: the group's setting, else Daily for a newcomer who has
 * not answered the first-run question (`unansweredNewcomerSql`), else the profile's.
 */
export function groupFrequencySql(userId: Id, groupId: Id): SQL<GroupNotifyFrequency> {
  const profileCases = Object.entries(GROUP_FREQUENCY_OF_PROFILE).map(([profile, group]) =>
    sql.raw(`when '${profile}' then '${group}'`),
  );
  return sql<GroupNotifyFrequency>`coalesce(
    (select gns.frequency from ${groupNotificationSettings} gns where gns.user_id = ${userId} and gns.group_id = ${groupId}),
    (case when ${unansweredNewcomerSql(userId, groupId)} then 'daily' else
      (case ${profileFrequencySql(userId)} ${sql.join(profileCases, sql` `)} end) end))`;
}

/** Whether a person has a kind on for a channel (no row: on). */
export function channelOnSql(
  userId: Id,
  kind: NotificationKind | Placeholder,
  channel: NotificationChannel,
): SQL<boolean> {
  const column = sql.identifier(channel);
  return sql<boolean>`coalesce((select unk.${column} from ${userNotificationKinds} unk where unk.user_id = ${userId} and unk.kind = ${kind}), true)`;
}

export interface Channels {
  email: boolean;
  push: boolean;
}

/** channelsFor's read, built once: every notice asks it. */
const channelsReader = preparedStatement((executor) => {
  const kind = sql.placeholder("kind");
  return executor
    .select({ email: channelOnSql(users.id, kind, "email"), push: channelOnSql(users.id, kind, "push") })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("notification_channels");
});

/** A person's channels for a kind; both off for a person who no longer exists. An e-mail-only kind never pushes. */
export async function channelsFor(executor: Executor, userId: string, kind: NotificationKind): Promise<Channels> {
  const [row] = await channelsReader(executor).execute({ userId, kind });
  if (!row) return { email: false, push: false };
  return EMAIL_ONLY_KINDS.includes(kind) ? { email: row.email, push: false } : row;
}

export interface NewRequestRecipient {
  userId: string;
  email: string;
  /** Their language: the notice's e-mail and push are written in it. */
  locale: Locale;
  channels: Channels;
}

/** How a member hears of a new request in a group (PRODUCT "Who will hear"). */
export type MemberReach = "now" | "daily" | "weekly" | "app";

/** Whether a person has a device that takes pushes (a push subscription). */
function hasDeviceSql(userId: Id): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${pushSubscriptions} rps where rps.user_id = ${userId})`;
}

/**
 * The one rule of how a member hears of a new request in a group, as SQL:
 * - "now": the group is on Immediate for them (its own setting, else the profile's) and they get the
 *   notice: `new_requests` e-mail on, or `new_requests` push on with a device to push to;
 * - "daily": the group is on Daily and `new_requests` e-mail is on (the daily summary is an e-mail);
 * - "weekly": the group is on Weekly and `new_requests` e-mail is on (the weekly summary, issue 41);
 * - "app": anything else: they see it on their dashboard, and hear nothing.
 */
export function newRequestReachSql(userId: Id, groupId: Id): SQL<MemberReach> {
  const frequency = groupFrequencySql(userId, groupId);
  const emailOn = channelOnSql(userId, "new_requests", "email");
  const pushOn = channelOnSql(userId, "new_requests", "push");
  // The timings are validators' NEW_REQUEST_TIMING, the table the profile's screen reads too.
  const carries = (channel: NotificationChannel, timing: "now" | "daily" | "weekly") =>
    inArray(frequency, frequenciesWhere(channel, timing));
  return sql<MemberReach>`(case
    when (${carries("email", "now")} and ${emailOn}) or (${carries("push", "now")} and ${pushOn} and ${hasDeviceSql(userId)}) then 'now'
    when ${carries("email", "daily")} and ${emailOn} then 'daily'
    when ${carries("email", "weekly")} and ${emailOn} then 'weekly'
    else 'app' end)`;
}

/** The group's other members by how they hear of a new request: what the poster is told and what is sent. */
export interface NewRequestAudience {
  /** Those told at once (reach "now"), with their channels, least-asked first (preferences/resting-policy.ts). */
  recipients: NewRequestRecipient[];
  /** Resting helpers (reach "later", issue 41 §2): told only if nobody has offered by laterReachDueAt. */
  later: NewRequestRecipient[];
  reach: Reach;
}

/** From when offers count: towards resting, and towards being asked first (preferences/resting-policy.ts). */
function offerWindows(now: Date) {
  return { restSince: restingWindowStart(now).toISOString(), monthSince: leastAskedWindowStart(now).toISOString() };
}

/**
 * The members of a request's group other than its requester, each with their reach, in one statement:
 * the recipients of the posting notice are the ones whose reach is "now" and who do not rest, the resting
 * ones are told later, and the counts are of the same rows, so the reach said is the reach sent. `request`
 * names the group and the requester (values, or SQL reading them from the request's row); `now` is when
 * offers are counted back from.
 */
export async function newRequestAudience(
  executor: Executor,
  request: { groupId: Id; posterId: Id },
  now: Date,
): Promise<NewRequestAudience> {
  const { groupId, posterId } = request;
  const windows = offerWindows(now);
  // A post's (ids as values): built once. A re-send names them by SQL on the request's row.
  const rows =
    typeof groupId === "string" && typeof posterId === "string"
      ? await audienceOfPost(executor).execute({ groupId, posterId, ...windows })
      : await audienceQuery(executor, groupId, posterId, windows);
  return tallied(rows);
}

/** A member's offers (requests they took on as helper, by claimed_at) since a time, as SQL. */
function offersSinceSql(userId: Id, since: SQL | string): SQL<number> {
  return sql<number>`(select count(*)::int from ${requests} orq where orq.claimed_by = ${userId} and orq.claimed_at > ${since}::timestamptz)`;
}

type OfferWindows = { restSince: SQL | string; monthSince: SQL | string };

/** The group's other members with their reach and their offers; the poster and the group as values or SQL. */
function audienceQuery(executor: Executor, groupId: Id, posterId: Id, windows: OfferWindows) {
  return executor
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      reach: newRequestReachSql(groupMembers.userId, groupMembers.groupId),
      byEmail: channelOnSql(groupMembers.userId, "new_requests", "email"),
      byPush: channelOnSql(groupMembers.userId, "new_requests", "push"),
      recentOffers: offersSinceSql(groupMembers.userId, windows.restSince),
      monthOffers: offersSinceSql(groupMembers.userId, windows.monthSince),
      alwaysAtOnce: users.alwaysAtOnce,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        ne(groupMembers.userId, posterId),
        // Someone on either side of a block with the poster does not hear of it, nor count (PRODUCT "Blocking").
        noBlockBetween(groupMembers.userId, posterId),
      ),
    )
    .orderBy(users.id);
}

/** The audience of a post (its ids as values), read on every post: built once. */
const audienceOfPost = preparedStatement((executor) =>
  audienceQuery(executor, sql`${sql.placeholder("groupId")}`, sql`${sql.placeholder("posterId")}`, {
    restSince: sql`${sql.placeholder("restSince")}`,
    monthSince: sql`${sql.placeholder("monthSince")}`,
  }).prepare("new_request_audience"),
);

type AudienceRow = Awaited<ReturnType<typeof audienceQuery>>[number];

function recipientOf(
  row: Pick<AudienceRow, "userId" | "email" | "locale" | "byEmail" | "byPush">,
): NewRequestRecipient {
  return {
    userId: row.userId,
    email: row.email,
    locale: localeOf(row.locale),
    channels: { email: row.byEmail, push: row.byPush },
  };
}

/** The recipients (reach "now"), the resting ones (told later) and the counts of each reach, from the same rows. */
function tallied(rows: readonly AudienceRow[]): NewRequestAudience {
  const reach: Reach = { now: 0, later: 0, daily: 0, weekly: 0, appOnly: 0 };
  const recipients: NewRequestRecipient[] = [];
  const later: NewRequestRecipient[] = [];
  // Least-asked first: the notices are queued in this order (issue 41 §2).
  for (const row of leastAskedFirst(rows)) {
    if (row.reach === "daily") reach.daily++;
    else if (row.reach === "weekly") reach.weekly++;
    else if (row.reach === "now") {
      if (whenTold(row) === "later") {
        reach.later++;
        later.push(recipientOf(row));
      } else {
        reach.now++;
        recipients.push(recipientOf(row));
      }
    } else reach.appOnly++;
  }
  return { recipients, later, reach };
}

/** A member the "Still needed" alert goes to, and how they had heard of the request (their reach's bucket). */
export interface StillNeededRecipient extends NewRequestRecipient {
  heard: "later" | "daily" | "weekly";
}

/** The reaches told in a summary e-mail (the weekly one joins in issue 41 §1). */
const SUMMARY_REACHES: readonly string[] = ["daily", "weekly"];

/**
 * Who the "Still needed" alert goes to (issue 41 §3): the members who had not been told at once, those who
 * hear of the group's new requests in a summary and the resting helpers (as they rest now), each by the
 * channels both their new-request and their "still needed" switches allow (a push needs a device). The
 * requester and anyone with a block between them aside; least-asked first.
 */
export async function stillNeededRecipients(
  executor: Executor,
  request: { groupId: string; posterId: string },
  now: Date,
): Promise<StillNeededRecipient[]> {
  const both = (channel: NotificationChannel): SQL<boolean> =>
    sql<boolean>`(${channelOnSql(groupMembers.userId, "new_requests", channel)} and ${channelOnSql(groupMembers.userId, "still_needed", channel)})`;
  const windows = offerWindows(now);
  const rows = await executor
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      reach: newRequestReachSql(groupMembers.userId, groupMembers.groupId),
      byEmail: both("email"),
      byPush: sql<boolean>`(${both("push")} and ${hasDeviceSql(groupMembers.userId)})`,
      recentOffers: offersSinceSql(groupMembers.userId, windows.restSince),
      monthOffers: offersSinceSql(groupMembers.userId, windows.monthSince),
      alwaysAtOnce: users.alwaysAtOnce,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, request.groupId),
        ne(groupMembers.userId, request.posterId),
        noBlockBetween(groupMembers.userId, request.posterId),
      ),
    );
  return leastAskedFirst(rows).flatMap((row): StillNeededRecipient[] => {
    const heard = row.reach === "now" ? whenTold(row) : (row.reach as string);
    if (!(heard === "later" || SUMMARY_REACHES.includes(heard)) || !(row.byEmail || row.byPush)) return [];
    return [{ ...recipientOf(row), heard: heard as StillNeededRecipient["heard"] }];
  });
}

/**
 * The members of a group to tell at once about a new request in it (reach "now"), the poster aside.
 * A later notice about a request still wanting a helper (a give-back) goes by the same reach rule,
 * narrowed by its own kind's switches (`also`) and leaving out more people (`except`); the resting
 * helpers' late posting notice goes to those of them it counted (`only`) whose reach is "now" still.
 */
export async function newRequestRecipients(
  executor: Executor,
  groupId: string,
  posterId: string,
  notice: { also?: NotificationKind; except?: string[]; only?: string[] } = {},
): Promise<NewRequestRecipient[]> {
  if (notice.only?.length === 0) return [];
  const channelOn = (channel: NotificationChannel): SQL<boolean> => {
    const newRequests = channelOnSql(groupMembers.userId, "new_requests", channel);
    return notice.also
      ? sql<boolean>`(${newRequests} and ${channelOnSql(groupMembers.userId, notice.also, channel)})`
      : newRequests;
  };
  const emailOn = channelOn("email");
  const pushOn = channelOn("push");
  const rows = await executor
    .select({ userId: users.id, email: users.email, locale: users.locale, byEmail: emailOn, byPush: pushOn })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        notInArray(groupMembers.userId, [posterId, ...(notice.except ?? [])]),
        notice.only ? inArray(groupMembers.userId, notice.only) : undefined,
        noBlockBetween(groupMembers.userId, posterId),
        eq(newRequestReachSql(groupMembers.userId, groupMembers.groupId), "now"),
        or(emailOn, pushOn),
      ),
    )
    .orderBy(users.id);
  const order = new Map(notice.only?.map((id, i) => [id, i]));
  return rows.map(recipientOf).sort((a, b) => (order.get(a.userId) ?? 0) - (order.get(b.userId) ?? 0));
}

/**
 * Whether an invitation e-mail goes to an address: always when no account has it (the e-mail is how
 * they learn of the app); otherwise when that account has the "invitations" e-mail switch on. And the
 * language of the account with that address (null: no account has it).
 */
export async function invitationEmailRecipient(
  executor: Executor,
  address: string,
): Promise<{ wanted: boolean; locale: Locale | null }> {
  const [account] = await executor
    .select({ wanted: channelOnSql(users.id, "invitations", "email"), locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`)
    .limit(1);
  return account ? { wanted: account.wanted, locale: localeOf(account.locale) } : { wanted: true, locale: null };
}

/** A summary's reach: the daily summary lists the groups where it is "daily", the weekly one "weekly". */
export type SummaryReach = Extract<MemberReach, "daily" | "weekly">;

/** The groups whose new requests go into a person's daily summary (SQL condition on `groupIdColumn`): reach "daily". */
export function inDailyGroupsOf(userId: string, groupIdColumn: AnyPgColumn | SQL): SQL {
  return inSummaryGroupsOf(userId, groupIdColumn, "daily");
}

/** The groups a summary tells a person of (SQL condition on `groupIdColumn`): their reach there is `summary`. */
export function inSummaryGroupsOf(userId: string, groupIdColumn: AnyPgColumn | SQL, summary: SummaryReach): SQL {
  return sql`exists (select 1 from ${groupMembers} dgm where dgm.user_id = ${userId} and dgm.group_id = ${groupIdColumn}
    and ${newRequestReachSql(sql`dgm.user_id`, sql`dgm.group_id`)} = ${summary})`;
}

/** A person (a `user_id` column) has a daily summary to receive: a group where their reach is "daily". */
export function wantsDailySummarySql(userId: AnyPgColumn): SQL {
  return wantsSummarySql(userId, "daily");
}

/** A person (a `user_id` column) has that summary to receive: a group where their reach is `summary`. */
export function wantsSummarySql(userId: AnyPgColumn, summary: SummaryReach): SQL {
  return sql`exists (select 1 from ${groupMembers} wgm where wgm.user_id = ${userId}
    and ${newRequestReachSql(sql`wgm.user_id`, sql`wgm.group_id`)} = ${summary})`;
}

/** Turns a kind's channels on or off; a channel left out keeps its value. */
export async function setKindChannels(
  executor: Executor,
  userId: string,
  kind: NotificationKind,
  change: Partial<Channels>,
  now: Date,
): Promise<void> {
  const set = {
    ...(change.email === undefined ? {} : { email: change.email }),
    ...(change.push === undefined ? {} : { push: change.push }),
  };
  if (Object.keys(set).length === 0) return;
  await executor
    .insert(userNotificationKinds)
    .values({ userId, kind, ...set, updatedAt: now })
    .onConflictDoUpdate({
      target: [userNotificationKinds.userId, userNotificationKinds.kind],
      set: { ...set, updatedAt: now },
    });
}

/**
 * Sets a member's frequency for new requests in one group; null goes back to the profile's. Returns
 * false, changing nothing, when the person is not a member of that group.
 */
export async function setGroupFrequency(
  executor: Executor,
  userId: string,
  groupId: string,
  frequency: GroupNotifyFrequency | null,
  now: Date,
): Promise<boolean> {
  if (frequency === null) {
    await executor
      .delete(groupNotificationSettings)
      .where(and(eq(groupNotificationSettings.userId, userId), eq(groupNotificationSettings.groupId, groupId)));
    const [member] = await executor
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, groupId)));
    return member !== undefined;
  }
  // Only a membership can hold a setting: the insert reads it, so a non-member inserts nothing.
  const written = await executor
    .insert(groupNotificationSettings)
    .select(
      executor
        .select({
          groupId: groupMembers.groupId,
          userId: groupMembers.userId,
          frequency: sql<GroupNotifyFrequency>`${frequency}`.as("frequency"),
          updatedAt: sql<Date>`${now.toISOString()}::timestamptz`.as("updated_at"),
        })
        .from(groupMembers)
        .where(and(eq(groupMembers.userId, userId), eq(groupMembers.groupId, groupId))),
    )
    .onConflictDoUpdate({
      target: [groupNotificationSettings.userId, groupNotificationSettings.groupId],
      set: { frequency, updatedAt: now },
    })
    .returning({ groupId: groupNotificationSettings.groupId });
  return written.length > 0;
}

/**
 * Who hears of a new trip at once (issue 28, the "trips" kind): the members of any of its groups, the
 * tripper and anyone with a block between them aside, by each channel the new-request rule carries at
 * once for one of those groups (so a group on Off or Daily is quiet about its trips as about its new
 * requests; push needs Immediate and a device) with the "trips" switch of that channel on.
 */
export async function tripRecipients(
  executor: Executor,
  trip: { id: string; tripperId: string },
): Promise<NewRequestRecipient[]> {
  const carriedNow = (channel: NotificationChannel): SQL<boolean> =>
    sql<boolean>`(${channelOnSql(users.id, "trips", channel)} and exists (select 1 from ${tripGroups} ttg
      join ${groupMembers} tgm on tgm.group_id = ttg.group_id
      where ttg.trip_id = ${trip.id} and tgm.user_id = ${users.id}
      and ${inArray(groupFrequencySql(sql`tgm.user_id`, sql`tgm.group_id`), frequenciesWhere(channel, "now"))})
      ${channel === "push" ? sql`and ${hasDeviceSql(users.id)}` : sql``})`;
  const emailOn = carriedNow("email");
  const pushOn = carriedNow("push");
  const rows = await executor
    .select({ userId: users.id, email: users.email, locale: users.locale, byEmail: emailOn, byPush: pushOn })
    .from(users)
    .where(
      and(
        // The trip's groups' members first, so the rest is asked of them alone.
        sql`${users.id} in (select mgm.user_id from ${tripGroups} mtg join ${groupMembers} mgm on mgm.group_id = mtg.group_id where mtg.trip_id = ${trip.id})`,
        ne(users.id, trip.tripperId),
        noBlockBetween(users.id, trip.tripperId),
        or(emailOn, pushOn),
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    locale: localeOf(row.locale),
    channels: { email: row.byEmail, push: row.byPush },
  }));
}
