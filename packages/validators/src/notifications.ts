import { z } from "zod";
import { messages } from "./messages";
import { GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "./notification-kinds";
import { groupIdField } from "./groups";
import { EMAIL_FREQUENCIES } from "./rules";

const kindField = z.enum(NOTIFICATION_KINDS, { error: messages.notificationKindInvalid });
const channelSwitch = z.boolean({ error: messages.notificationChannelInvalid });

/** One kind's switches: a channel left out keeps its value; at least one must be given. */
export const updateNotificationKindInput = z
  .strictObject(
    { kind: kindField, email: channelSwitch.optional(), push: channelSwitch.optional() },
    // An unknown key is a channel that does not exist (say "sms"), not something to ignore.
    { error: (issue) => (issue.code === "unrecognized_keys" ? messages.notificationChannelInvalid : undefined) },
  )
  .refine((input) => input.email !== undefined || input.push !== undefined, {
    message: messages.notificationChannelMissing,
  });

/** A group's own frequency for new requests; null goes back to the profile's. */
export const updateGroupNotificationsInput = z.object({
  groupId: groupIdField,
  frequency: z.enum(GROUP_NOTIFY_FREQUENCIES, { error: messages.groupFrequencyInvalid }).nullable(),
});

export const notificationKindOutput = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationKindSetting = z.input<typeof notificationKindOutput>;

export const groupNotificationsOutput = z.object({
  groupId: z.string(),
  groupName: z.string(),
  /** The group's own setting, or null: as in the profile. */
  frequency: z.enum(GROUP_NOTIFY_FREQUENCIES).nullable(),
  /** What applies: the group's setting, else the profile's (Never counts as off). */
  effective: z.enum(GROUP_NOTIFY_FREQUENCIES),
});
export type GroupNotifications = z.input<typeof groupNotificationsOutput>;

export const notificationPreferencesOutput = z.object({
  /** The profile's radios (GET /user/email-preferences): the default for every group. */
  profileFrequency: z.enum(EMAIL_FREQUENCIES),
  /** Every kind, in the order of NOTIFICATION_KINDS. */
  kinds: z.array(notificationKindOutput),
  /** The caller's groups, by name. */
  groups: z.array(groupNotificationsOutput),
});
export type NotificationPreferences = z.input<typeof notificationPreferencesOutput>;
