import type { MessageId } from "@hyn/i18n/catalogs";
import {
  GROUP_FREQUENCY_OF_PROFILE,
  notificationDelivery,
  type Delivery,
  type GroupDelivery,
} from "@hyn/validators/notification-delivery";
import { GROUP_NOTIFY_FREQUENCIES, type GroupNotifyFrequency } from "@hyn/validators/notification-kinds";
import type { EmailFrequency } from "@hyn/validators/rules";
import { trpc } from "../../lib/trpc";
import { useNotificationPreferences, type NotificationPreferences } from "./useNotificationPreferences";

/**
 * The screen's model of what is sent (PRODUCT "Beyond the screens" (Notification preferences)): validators'
 * `notificationDelivery`, the rule the senders use, over the preferences and the person's push devices.
 * Every sentence and switch of the profile's Notifications section and of a group card comes from here.
 */
export function useDelivery() {
  const preferences = useNotificationPreferences();
  const devices = trpc.push.devices.useQuery();
  const data =
    preferences.data && devices.data
      ? {
          preferences: preferences.data,
          pushDevices: devices.data.length,
          delivery: deliveryOf(preferences.data, devices.data.length),
        }
      : undefined;
  return {
    data,
    isPending: !data && !(preferences.isError || devices.isError),
    isError: preferences.isError || devices.isError,
    isFetching: preferences.isFetching || devices.isFetching,
    refetch: () => Promise.all([preferences.refetch(), devices.refetch()]),
  };
}

export function deliveryOf(preferences: NotificationPreferences, pushDevices: number): Delivery {
  return notificationDelivery({ ...preferences, pushDevices });
}

/** The sentence under a group's setting: what a new request in it brings, and if nothing, why. */
export function groupSentence(group: GroupDelivery, delivery: Delivery): MessageId<"profile"> {
  const { email, push } = group.newRequests;
  if (email === "now" && push === "now") return "profile.hearsNowBoth";
  if (email === "now") return "profile.hearsNowEmail";
  if (push === "now") return "profile.hearsNowPush";
  if (email === "daily") return "profile.hearsDaily";
  if (email === "weekly") return "profile.hearsWeekly";
  if (group.frequency === "off") return "profile.hearsNothingOff";
  if (group.frequency === "daily") return "profile.hearsNothingDailyEmailOff";
  if (group.frequency === "weekly") return "profile.hearsNothingWeeklyEmailOff";
  return delivery.kinds.new_requests.push.on ? "profile.hearsNothingNoDevice" : "profile.hearsNothingSwitches";
}

/** "As in my profile" in a group's menu: a select's values are strings, and null is not one. */
export const AS_IN_PROFILE = "profile";
export type GroupChoice = GroupNotifyFrequency | typeof AS_IN_PROFILE;

/**
 * A group's menu: "As in my profile (…)" and the frequencies that differ from it, so one meaning is
 * never offered twice (with the profile on Never, "As in my profile (Off)" and no second Off).
 */
export function groupChoices(profileFrequency: EmailFrequency): GroupChoice[] {
  const followed = GROUP_FREQUENCY_OF_PROFILE[profileFrequency];
  return [AS_IN_PROFILE, ...GROUP_NOTIFY_FREQUENCIES.filter((f) => f !== followed)];
}

/** The choice shown for a group: its own setting, or "As in my profile" when it has none or the same. */
export function groupChoiceOf(own: GroupNotifyFrequency | null, profileFrequency: EmailFrequency): GroupChoice {
  return own === null || own === GROUP_FREQUENCY_OF_PROFILE[profileFrequency] ? AS_IN_PROFILE : own;
}
