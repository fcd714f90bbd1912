import { LATER_REACH_AFTER_MINUTES, RESTING_AFTER_OFFERS, RESTING_WINDOW_DAYS } from "@hyn/validators/helper-rest";
import type { MessageId } from "@hyn/i18n/catalogs";
import type { GroupNotifyFrequency, NotificationChannel, NotificationKind } from "@hyn/validators/notification-kinds";

/** What each kind of notification is about, as the switches name it (the order is NOTIFICATION_KINDS'). */
export const KIND_TEXTS: Record<
  NotificationKind,
  { label: MessageId<"profile">; hint?: MessageId<"profile">; inToast: MessageId<"profile"> }
> = {
  request_updates: { label: "profile.kindRequestUpdates", inToast: "profile.toastKindRequestUpdates" },
  new_requests: {
    label: "profile.kindNewRequests",
    hint: "profile.kindNewRequestsHint",
    inToast: "profile.toastKindNewRequests",
  },
  invitations: {
    label: "profile.kindInvitations",
    hint: "profile.kindInvitationsHint",
    inToast: "profile.toastKindInvitations",
  },
  reminders: {
    label: "profile.kindReminders",
    hint: "profile.kindRemindersHint",
    inToast: "profile.toastKindReminders",
  },
  thanks: { label: "profile.kindThanks", inToast: "profile.toastKindThanks" },
  still_needed: {
    label: "profile.kindStillNeeded",
    hint: "profile.kindStillNeededHint",
    inToast: "profile.toastKindStillNeeded",
  },
  given_back: {
    label: "profile.kindGivenBack",
    hint: "profile.kindGivenBackHint",
    inToast: "profile.toastKindGivenBack",
  },
  trips: { label: "profile.kindTrips", hint: "profile.kindTripsHint", inToast: "profile.toastKindTrips" },
  while_away: {
    label: "profile.kindWhileAway",
    hint: "profile.kindWhileAwayHint",
    inToast: "profile.toastKindWhileAway",
  },
  link_joins: {
    label: "profile.kindLinkJoins",
    hint: "profile.kindLinkJoinsHint",
    inToast: "profile.toastKindLinkJoins",
  },
};

export const CHANNEL_TEXTS: Record<NotificationChannel, MessageId<"profile">> = {
  email: "profile.channelEmail",
  push: "profile.channelPush",
};

/** The toast after a group's frequency is saved ("Elm Street: muted"); "profile" is following the profile's choice. */
export const GROUP_FREQUENCY_SAVED: Record<GroupNotifyFrequency | "profile", MessageId<"profile">> = {
  immediate: "profile.groupSavedImmediate",
  daily: "profile.groupSavedDaily",
  weekly: "profile.groupSavedWeekly",
  off: "profile.groupSavedOff",
  profile: "profile.groupSavedProfile",
};

/** The numbers the resting texts say (validators' helper-rest.ts, the ones the server rests by). */
export const RESTING_WORDS = {
  offers: RESTING_AFTER_OFFERS,
  days: RESTING_WINDOW_DAYS,
  minutes: LATER_REACH_AFTER_MINUTES,
};
