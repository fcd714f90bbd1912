import {
  NOTIFICATION_KINDS,
  type GroupNotifyFrequency,
  type NotificationChannel,
  type NotificationKind,
} from "@hyn/validators/notification-kinds";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { isKnown } from "../../lib/known-values";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { CHANNEL_TEXTS, GROUP_FREQUENCY_SAVED, KIND_TEXTS, RESTING_WORDS } from "./profileTexts";

export type NotificationPreferences = RouterOutputs["user"]["notificationPreferences"];
export type GroupSetting = NotificationPreferences["groups"][number];

/** A kind a newer server added is one this build has no words or rules for: not shown (issue 40). */
const knownKindsOnly = (preferences: NotificationPreferences): NotificationPreferences => ({
  ...preferences,
  kinds: preferences.kinds.filter(({ kind }) => isKnown(NOTIFICATION_KINDS, kind)),
});

/** One query for the profile section and every group card: they share the cache. */
export function useNotificationPreferences() {
  return trpc.user.notificationPreferences.useQuery(undefined, { select: knownKindsOnly });
}

/** Where the outcome of a change is said: in place on the profile, a toast on a group card. */
export interface SaveReporter {
  saved(text: string): void;
  failed(text: string): void;
}

/** A group card says the outcome in a toast (it has no room for a line of its own). */
export function useToastReporter(): SaveReporter {
  const toast = useToast();
  return { saved: toast.success, failed: toast.error };
}

/**
 * A group's choice, "Always tell me at once" and a switch save at once (the frequency is the profile form's,
 * saved with Save Preferences: account/ProfileEdits.tsx): the cache shows the new value straight away, the reporter confirms, and a
 * refusal puts back what was there before with the server's reason.
 */
export function useNotificationChanges(report: SaveReporter) {
  const utils = trpc.useUtils();
  const t = useT();
  const updateKind = trpc.user.updateNotificationKind.useMutation();
  const updateGroup = trpc.user.updateGroupNotifications.useMutation();
  const updateAlwaysAtOnce = trpc.user.updateAlwaysAtOnce.useMutation();

  const patch = (change: (current: NotificationPreferences) => NotificationPreferences) =>
    utils.user.notificationPreferences.setData(undefined, (current) => (current ? change(current) : current));

  const patchKind = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    patch((current) => ({
      ...current,
      kinds: current.kinds.map((k) => (k.kind === kind ? { ...k, [channel]: on } : k)),
    }));

  const patchGroup = (setting: GroupSetting) =>
    patch((current) => ({
      ...current,
      groups: current.groups.some((g) => g.groupId === setting.groupId)
        ? current.groups.map((g) => (g.groupId === setting.groupId ? setting : g))
        : [...current.groups, setting],
    }));

  async function setChannel(kind: NotificationKind, channel: NotificationChannel, on: boolean) {
    patchKind(kind, channel, on);
    try {
      const saved = await updateKind.mutateAsync(channel === "email" ? { kind, email: on } : { kind, push: on });
      patch((current) => ({ ...current, kinds: current.kinds.map((k) => (k.kind === kind ? saved : k)) }));
      report.saved(
        t(on ? "profile.switchedOn" : "profile.switchedOff", {
          channel: t(CHANNEL_TEXTS[channel]),
          kind: t(KIND_TEXTS[kind].inToast),
        }),
      );
    } catch (e) {
      patchKind(kind, channel, !on);
      report.failed(errorMessage(e, t("profile.saveNotificationsFailed")));
    }
  }

  /** `before` is the group's setting as shown when the person chose; it comes back on a refusal. */
  async function setGroupFrequency(before: GroupSetting, frequency: GroupNotifyFrequency | null) {
    patchGroup({ ...before, frequency });
    try {
      patchGroup(await updateGroup.mutateAsync({ groupId: before.groupId, frequency }));
      report.saved(t(GROUP_FREQUENCY_SAVED[frequency ?? "profile"], { group: before.groupName }));
    } catch (e) {
      patchGroup(before);
      report.failed(errorMessage(e, t("profile.saveNotificationsFailed")));
    }
  }

  /** "Always tell me at once" (issue 41 §2): resting off (true) or back on (false). */
  async function setAlwaysAtOnce(on: boolean) {
    const patchAtOnce = (alwaysAtOnce: boolean) => patch((current) => ({ ...current, alwaysAtOnce }));
    patchAtOnce(on);
    try {
      const saved = await updateAlwaysAtOnce.mutateAsync({ alwaysAtOnce: on });
      patchAtOnce(saved.alwaysAtOnce);
      report.saved(t("profile.alwaysAtOnceSaved", { on: String(saved.alwaysAtOnce), ...RESTING_WORDS }));
    } catch (e) {
      patchAtOnce(!on);
      report.failed(errorMessage(e, t("profile.saveNotificationsFailed")));
    }
  }

  return { setChannel, setGroupFrequency, setAlwaysAtOnce };
}
