import type { Locale } from "@hyn/validators/locales";
import { localeOf } from "../shared/locale";
import { groupMembers, groupNotificationSettings, userNotificationKinds, users, type Executor } from "@hyn/db";
import { profileFrequencySql } from "./profile-frequency";
import type { GroupNotifyFrequency, NotificationChannel, NotificationKind } from "@hyn/validators/notification-kinds";
import { frequenciesWhere, GROUP_FREQUENCY_OF_PROFILE } from "@hyn/validators/notification-delivery";
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Who hears of what, and how: the one place the notification preferences are read.
 *
 * - The profile's frequency (Never / Daily / Immediate) is the default, for every group, of when a
 *   member hears of new requests; a group's own setting (Immediate / Daily / Off) overrides it.
 * - Each kind has a switch per channel (e-mail, push); no stored row means on.
 * So a new request reaches a member by e-mail when the group is on Immediate and `new_requests` e-mail
 * is on, by push when the group is on Immediate and `new_requests` push is on; the daily summary lists
 * the groups on Daily when `new_requests` e-mail is on. Every other kind follows its switches alone.
 * The rule itself is validators' `notification-delivery` (its tables, turned into SQL here), which the
 * profile's screen reads too.
 */

type Id = AnyPgColumn | SQL | string;

/** A member's frequency for new requests in a group: the group's setting, else the profile's. */
export function groupFrequencySql(userId: Id, groupId: Id): SQL<GroupNotifyFrequency> {
  const profileCases = Object.entries(GROUP_FREQUENCY_OF_PROFILE).map(([profile, group]) =>
    sql.raw(`when '${profile}' then '${group}'`),
  );
  return sql<GroupNotifyFrequency>`coalesce(
    (select gns.frequency from ${groupNotificationSettings} gns where gns.user_id = ${userId} and gns.group_id = ${groupId}),
    (case ${profileFrequencySql(userId)} ${sql.join(profileCases, sql` `)} end))`;
}

/** Whether a person has a kind on for a channel (no row: on). */
export function channelOnSql(userId: Id, kind: NotificationKind, channel: NotificationChannel): SQL<boolean> {
  const column = sql.identifier(channel);
  return sql<boolean>`coalesce((select unk.${column} from ${userNotificationKinds} unk where unk.user_id = ${userId} and unk.kind = ${kind}), true)`;
}

export interface Channels {
  email: boolean;
  push: boolean;
}

/** A person's channels for a kind; both off for a person who no longer exists. */
export async function channelsFor(executor: Executor, userId: string, kind: NotificationKind): Promise<Channels> {
  const [row] = await executor
    .select({ email: channelOnSql(users.id, kind, "email"), push: channelOnSql(users.id, kind, "push") })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { email: false, push: false };
}

export interface NewRequestRecipient {
  userId: string;
  email: string;
  /** Their language: the notice's e-mail and push are written in it. */
  locale: Locale;
  channels: Channels;
}

/**
 * The members of a group to tell at once about a new request in it: everyone but the poster whose
 * frequency for that group is Immediate and who has at least one channel on for new requests.
 */
export async function newRequestRecipients(
  executor: Executor,
  groupId: string,
  posterId: string,
): Promise<NewRequestRecipient[]> {
  const frequency = groupFrequencySql(groupMembers.userId, groupMembers.groupId);
  const byEmail = sql<boolean>`(${channelOnSql(groupMembers.userId, "new_requests", "email")} and ${inArray(frequency, frequenciesWhere("email", "now"))})`;
  const byPush = sql<boolean>`(${channelOnSql(groupMembers.userId, "new_requests", "push")} and ${inArray(frequency, frequenciesWhere("push", "now"))})`;
  const rows = await executor
    .select({ userId: users.id, email: users.email, locale: users.locale, byEmail, byPush })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, posterId), or(byEmail, byPush)));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    locale: localeOf(row.locale),
    channels: { email: row.byEmail, push: row.byPush },
  }));
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

/** The groups whose new requests go into a person's daily summary (SQL condition on `groupIdColumn`). */
export function inDailyGroupsOf(userId: string, groupIdColumn: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${groupMembers} dgm where dgm.user_id = ${userId} and dgm.group_id = ${groupIdColumn}
    and ${inArray(groupFrequencySql(sql`dgm.user_id`, sql`dgm.group_id`), frequenciesWhere("email", "daily"))})`;
}

/** A person (a `user_id` column) has a daily summary to receive: new-request e-mail on and a group on Daily. */
export function wantsDailySummarySql(userId: AnyPgColumn): SQL {
  return sql`(${channelOnSql(userId, "new_requests", "email")} and exists (select 1 from ${groupMembers} wgm where wgm.user_id = ${userId}
    and ${inArray(groupFrequencySql(sql`wgm.user_id`, sql`wgm.group_id`), frequenciesWhere("email", "daily"))}))`;
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
