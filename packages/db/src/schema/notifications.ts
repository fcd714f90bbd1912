import { GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "@hyn/validators/notification-kinds";
import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { inList, updatedAt } from "./columns";
import { groupMembers } from "./groups";
import { users } from "./users";

/**
 * A person's channels for one kind of notification. No row means every channel is on (the default);
 * a row is written the first time a switch is turned.
 */
export const userNotificationKinds = pgTable(
  "user_notification_kinds",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean("email").notNull().default(true),
    push: boolean("push").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind], name: "user_notification_kinds_pkey" }),
    check("user_notification_kinds_kind_check", sql`${t.kind} IN (${inList(NOTIFICATION_KINDS)})`),
  ],
);

/**
 * A member's override, for one group, of the profile's frequency for new requests. No row means the
 * profile's choice applies. It goes with the membership (leaving the group removes it).
 */
export const groupNotificationSettings = pgTable(
  "group_notification_settings",
  {
    groupId: uuid("group_id").notNull(),
    userId: uuid("user_id").notNull(),
    frequency: text("frequency", { enum: GROUP_NOTIFY_FREQUENCIES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId], name: "group_notification_settings_pkey" }),
    foreignKey({
      columns: [t.groupId, t.userId],
      foreignColumns: [groupMembers.groupId, groupMembers.userId],
      name: "group_notification_settings_membership_fk",
    }).onDelete("cascade"),
    check("group_notification_settings_frequency_check", sql`${t.frequency} IN (${inList(GROUP_NOTIFY_FREQUENCIES)})`),
  ],
);
