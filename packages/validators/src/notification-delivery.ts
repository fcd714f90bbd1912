import {
  EMAIL_ONLY_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type GroupNotifyFrequency,
  type NotificationChannel,
  type NotificationKind,
} from "./notification-kinds";
import type { EmailFrequency } from "./rules";

/**
 * What is sent, from a person's notification preferences: the one rule (PRODUCT "Beyond the
 * screens", Notification preferences). The senders read it (core's `notification-preferences` builds its SQL from these
 * tables) and the profile's Notifications section and each group card derive every sentence and switch
 * from `notificationDelivery`, so no state of the screen can say other than what is sent. Zod-free.
 */

/** What the profile's frequency means for a group without its own setting: Never is Off. */
export const GROUP_FREQUENCY_OF_PROFILE: Record<EmailFrequency, GroupNotifyFrequency> = {
  disabled: "off",
  weekly: "weekly",
  daily: "daily",
  immediate: "immediate",
};

/**
 * When a channel carries a new request: at once, in the daily summary, in the weekly summary (issue 41;
 * both are e-mails), or not at all.
 */
export type NewRequestTiming = "now" | "daily" | "weekly" | null;

/** How a group's frequency carries a new request on each channel (the summaries are e-mails). */
export const NEW_REQUEST_TIMING: Record<GroupNotifyFrequency, Record<NotificationChannel, NewRequestTiming>> = {
  immediate: { email: "now", push: "now" },
  daily: { email: "daily", push: null },
  weekly: { email: "weekly", push: null },
  off: { email: null, push: null },
};

/**
 * The kinds whose timing is a group's frequency; every other kind is sent at once, by its switches alone.
 * A trip (issue 28) is told at once where the group carries new requests at once (Immediate), else not.
 */
export const KINDS_BY_GROUP_FREQUENCY: readonly NotificationKind[] = ["new_requests", "trips"];

/** The group frequencies under which a channel carries new requests with a timing (for the senders' SQL). */
export function frequenciesWhere(channel: NotificationChannel, timing: Exclude<NewRequestTiming, null>) {
  return (Object.keys(NEW_REQUEST_TIMING) as GroupNotifyFrequency[]).filter(
    (frequency) => NEW_REQUEST_TIMING[frequency][channel] === timing,
  );
}

/** A group's frequency for new requests: its own setting, else the profile's. */
export function effectiveGroupFrequency(
  profileFrequency: EmailFrequency,
  own: GroupNotifyFrequency | null,
): GroupNotifyFrequency {
  return own ?? GROUP_FREQUENCY_OF_PROFILE[profileFrequency];
}

export interface DeliveryPreferences {
  profileFrequency: EmailFrequency;
  /** Each kind's switches; a kind left out is on (as with no stored row). */
  kinds: readonly { kind: NotificationKind; email: boolean; push: boolean }[];
  /** The person's groups and their own setting (null: as in the profile). */
  groups: readonly { groupId: string; frequency: GroupNotifyFrequency | null }[];
  /** How many devices receive the person's pushes (none: a push reaches nobody). */
  pushDevices: number;
}

/** Why a switch that is on sends nothing. */
export type SwitchIdle =
  /** No device receives pushes. */
  | "noDevice"
  /** No group sends its new requests on this channel (all Off; or, for push, none on Immediate). */
  | "noGroup"
  /** The kind comes by e-mail only (EMAIL_ONLY_KINDS), so its push switch sends nothing. */
  | "emailOnly";

export interface SwitchDelivery {
  /** The stored switch. */
  on: boolean;
  /** Why this channel sends nothing for this kind whatever the switch says; null: the switch decides. */
  idle: SwitchIdle | null;
  /** Whether anything of this kind is sent on this channel (on, and not idle). */
  sends: boolean;
}

export interface GroupDelivery {
  groupId: string;
  /** The group's own setting, null: as in the profile. */
  own: GroupNotifyFrequency | null;
  /** What applies: its own setting, else the profile's. */
  frequency: GroupNotifyFrequency;
  /** When a new request in this group reaches the person on each channel. */
  newRequests: Record<NotificationChannel, NewRequestTiming>;
}

export interface Delivery {
  kinds: Record<NotificationKind, Record<NotificationChannel, SwitchDelivery>>;
  groups: GroupDelivery[];
}

/** Whether a kind's switch for a channel is on (no setting: on). */
export function switchOn(preferences: DeliveryPreferences, kind: NotificationKind, channel: NotificationChannel) {
  return preferences.kinds.find((k) => k.kind === kind)?.[channel] ?? true;
}

/** What each kind sends on each channel, and when each group's new requests arrive. */
export function notificationDelivery(preferences: DeliveryPreferences): Delivery {
  const groups = preferences.groups.map((group): GroupDelivery => {
    const frequency = effectiveGroupFrequency(preferences.profileFrequency, group.frequency);
    const newRequests = Object.fromEntries(
      NOTIFICATION_CHANNELS.map((channel) => [
        channel,
        switchOn(preferences, "new_requests", channel) && (channel !== "push" || preferences.pushDevices > 0)
          ? NEW_REQUEST_TIMING[frequency][channel]
          : null,
      ]),
    ) as Record<NotificationChannel, NewRequestTiming>;
    return { groupId: group.groupId, own: group.frequency, frequency, newRequests };
  });

  const idleOf = (kind: NotificationKind, channel: NotificationChannel): SwitchIdle | null => {
    if (channel === "push" && preferences.pushDevices === 0) return "noDevice";
    if (channel === "push" && EMAIL_ONLY_KINDS.includes(kind)) return "emailOnly";
    if (!KINDS_BY_GROUP_FREQUENCY.includes(kind)) return null;
    // New requests may wait for the daily or weekly summary; a trip is told at once or not at all.
    const carried = groups.some((g) => {
      const timing = NEW_REQUEST_TIMING[effectiveGroupFrequency(preferences.profileFrequency, g.own)][channel];
      return kind === "trips" ? timing === "now" : timing !== null;
    });
    return carried ? null : "noGroup";
  };

  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          const on = switchOn(preferences, kind, channel);
          const idle = idleOf(kind, channel);
          return [channel, { on, idle, sends: on && idle === null }];
        }),
      ),
    ]),
  ) as Delivery["kinds"];
  return { kinds, groups };
}
