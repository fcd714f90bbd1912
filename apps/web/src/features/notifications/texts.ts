import type { GroupNotifyFrequency, NotificationKind } from "@hyn/validators/notification-kinds";
import type { EmailFrequency } from "@hyn/validators/rules";

/** What each kind of notification is about, as the switches name it (the order is NOTIFICATION_KINDS'). */
export const KIND_LABELS: Record<NotificationKind, { label: string; hint?: string }> = {
  request_updates: { label: "A neighbour claims, unclaims or fulfils my request" },
  new_requests: { label: "New requests in my groups", hint: "How often: each group's setting below." },
  invitations: { label: "Invitations to a group", hint: "An invitation always waits in the app." },
  reminders: { label: "Reminders", hint: "Before a request is needed, and when you offer to help." },
  thanks: { label: "Thanks for a request I fulfilled" },
};

export const CHANNEL_LABELS = { email: "E-mail", push: "Push" } as const;

export const GROUP_FREQUENCY_LABELS: Record<GroupNotifyFrequency, string> = {
  immediate: "Immediate",
  daily: "Daily",
  off: "Off",
};

/** The profile's choice, shortened for "As in my profile (…)". */
const PROFILE_SHORT: Record<EmailFrequency, string> = { disabled: "Never", daily: "Daily", immediate: "Immediate" };

export const asInProfileLabel = (profile: EmailFrequency) => `As in my profile (${PROFILE_SHORT[profile]})`;

export const LOAD_NOTIFICATIONS_FAILED = "Failed to load your notification settings";
