import { z } from "zod";
import { messages } from "./messages";
import { GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "./notification-kinds";
import { groupIdField } from "./groups";
import { EMAIL_FREQUENCIES } from "./rules";
import { isoDateTime } from "./wire-time";

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
  /**
   * "Always tell me at once" (issue 41 §2): resting turned off. False: after 3 requests taken on in 7 days,
   * new requests reach them only if nobody has offered within half an hour.
   */
  alwaysAtOnce: z.boolean(),
});
export type NotificationPreferences = z.input<typeof notificationPreferencesOutput>;

/** PUT /user/notification-preferences/at-once: turns resting off (true) or back on (false). */
export const updateAlwaysAtOnceInput = z.strictObject({
  alwaysAtOnce: z.boolean({ error: messages.alwaysAtOnceInvalid }),
});
export const alwaysAtOnceOutput = z.object({ alwaysAtOnce: z.boolean() });

/**
 * A helper's own month (issue 41 §2), to themselves only: the neighbours whose requests they fulfilled
 * since the first of this month (in the app's time zone), and how many requests that was.
 */
export const myMonthOutput = z.object({
  neighboursHelped: z.number().int(),
  requestsFulfilled: z.number().int(),
  since: isoDateTime,
});
export type MyMonth = z.input<typeof myMonthOutput>;
