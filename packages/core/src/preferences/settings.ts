import { groupMembers, groupNotificationSettings, groups, userNotificationKinds, users, type Executor } from "@hyn/db";
import {
  type EmailPreferences,
  type emailPreferencesInput,
  NOTIFICATION_KINDS,
  type GroupNotifications,
  type GroupNotifyFrequency,
  type NotificationKind,
  type NotificationKindSetting,
  type NotificationPreferences,
} from "@hyn/validators";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import type { z } from "zod";
import { AppError } from "../shared/errors";
import {
  channelsFor,
  groupFrequencySql,
  setGroupFrequency,
  setKindChannels,
  type Channels,
} from "./notification-preferences";
import { emailPreferencesOf, profileFrequencySql, setProfileFrequency } from "./profile-frequency";

type PreferencesUpdate = z.output<typeof emailPreferencesInput>;

/**
 * Reading and changing a person's notification preferences: the profile's frequency (the spec's
 * radios, `user.emailPreferences`) and issue 15's kinds and groups. What they mean for each e-mail is
 * decided in `notification-preferences.ts`; this service only shows and writes them.
 */
export function createNotificationSettingsService(deps: CoreDeps) {
  const { db, clock } = deps;

  function groupsOf(executor: Executor, userId: string, where?: SQL) {
    return executor
      .select({
        groupId: groups.id,
        groupName: groups.name,
        frequency: groupNotificationSettings.frequency,
        effective: groupFrequencySql(groupMembers.userId, groupMembers.groupId),
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .leftJoin(
        groupNotificationSettings,
        and(
          eq(groupNotificationSettings.userId, groupMembers.userId),
          eq(groupNotificationSettings.groupId, groupMembers.groupId),
        ),
      )
      .where(and(eq(groupMembers.userId, userId), where))
      .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  }

  return {
    /** The spec's e-mail preferences record, made with the default if the person had none. */
    async emailPreferences(userId: string): Promise<EmailPreferences> {
      const row = await emailPreferencesOf(db, userId, clock.now());
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return row;
    },

    async updateEmailPreferences(userId: string, input: PreferencesUpdate): Promise<EmailPreferences> {
      const row = await setProfileFrequency(db, userId, input.frequency, clock.now());
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return row;
    },

    async read(userId: string): Promise<NotificationPreferences> {
      const [profile] = await db
        .select({ frequency: profileFrequencySql(users.id), alwaysAtOnce: users.alwaysAtOnce })
        .from(users)
        .where(eq(users.id, userId));
      if (!profile) throw new AppError("NOT_FOUND", "userNotFound");
      const stored = await db
        .select({
          kind: userNotificationKinds.kind,
          email: userNotificationKinds.email,
          push: userNotificationKinds.push,
        })
        .from(userNotificationKinds)
        .where(eq(userNotificationKinds.userId, userId));
      // No stored row means on (notification-preferences.ts).
      const kinds = NOTIFICATION_KINDS.map(
        (kind) => stored.find((row) => row.kind === kind) ?? { kind, email: true, push: true },
      );
      return {
        profileFrequency: profile.frequency,
        kinds,
        groups: await groupsOf(db, userId),
        alwaysAtOnce: profile.alwaysAtOnce,
      };
    },

    async updateKind(
      userId: string,
      kind: NotificationKind,
      change: Partial<Channels>,
    ): Promise<NotificationKindSetting> {
      return db.transaction(async (tx) => {
        await setKindChannels(tx, userId, kind, change, clock.now());
        return { kind, ...(await channelsFor(tx, userId, kind)) };
      });
    },

    /** "Always tell me at once" (issue 41 §2): true turns resting off for this person, false back on. */
    async updateAlwaysAtOnce(userId: string, alwaysAtOnce: boolean): Promise<{ alwaysAtOnce: boolean }> {
      const [row] = await db
        .update(users)
        .set({ alwaysAtOnce, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning({ alwaysAtOnce: users.alwaysAtOnce });
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return row;
    },

    /** A group the caller is not in reads as one that does not exist, like every other group route. */
    async updateGroup(
      userId: string,
      groupId: string,
      frequency: GroupNotifyFrequency | null,
    ): Promise<GroupNotifications> {
      return db.transaction(async (tx) => {
        if (!(await setGroupFrequency(tx, userId, groupId, frequency, clock.now())))
          throw new AppError("NOT_FOUND", "groupNotFound");
        const [group] = await groupsOf(tx, userId, eq(groupMembers.groupId, groupId));
        if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
        return group;
      });
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
