/**
 * The kinds of notification a person can switch on and off, and the channels each can reach them on.
 * Zod-free: the database, the services and the web all read the list from here.
 */
export const NOTIFICATION_KINDS = [
  /** A neighbour claims, unclaims or fulfils my request. */
  "request_updates",
  /** New requests in my groups (when: the group's frequency; how: this kind's channels). */
  "new_requests",
  /** Someone invites me to a group (the invitation e-mail to an address with no account always goes). */
  "invitations",
  /** Before a needed-by time: requests I help with, my own still open; and the confirmation of a claim. */
  "reminders",
  /** A requester thanks me for fulfilling their request. */
  "thanks",
  /** A request in my groups still open a quarter of the way before its needed-by time (when: as new requests). */
  "still_needed",
  /** A helper gave a request in my groups back shortly before its needed-by time (when: as new requests). */
  "given_back",
  /** A neighbour announces a trip to one of my groups (when: as new requests, told at once on Immediate). */
  "trips",
  /** After a month without a visit: what my groups did meanwhile (issue 41 §5), at most once in 90 days. E-mail only. */
  "while_away",
  /** Someone joined a group I own through one of its links that joins at once (issue 43). */
  "link_joins",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kinds that only ever come by e-mail: their push switch sends nothing (a month's news is a letter, not a buzz). */
export const EMAIL_ONLY_KINDS: readonly NotificationKind[] = ["while_away"];

/** The profile's frequency for new requests (Never is "disabled"), every group's default (issue 41 adds Weekly). */
export const EMAIL_FREQUENCIES = ["disabled", "weekly", "daily", "immediate"] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** A group's override of the profile's frequency, for new requests only. "off" mutes the group. */
export const GROUP_NOTIFY_FREQUENCIES = ["immediate", "daily", "weekly", "off"] as const;
export type GroupNotifyFrequency = (typeof GROUP_NOTIFY_FREQUENCIES)[number];

/** The profile section with these settings: e-mails' "Manage notifications" links to `/profile#` + this. */
export const NOTIFICATION_SETTINGS_ANCHOR = "notifications";
