import type { GroupNotifyFrequency, NotificationChannel, NotificationKind } from "@hyn/validators/notification-kinds";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc, type RouterOutputs } from "../../lib/trpc";
import { CHANNEL_TEXTS, GROUP_FREQUENCY_SAVED, KIND_TEXTS } from "./profileTexts";

export type NotificationPreferences = RouterOutputs["user"]["notificationPreferences"];
export type GroupSetting = NotificationPreferences["groups"][number];

/** One query for the profile section and every group card: they share the cache. */
export function useNotificationPreferences() {
  return trpc.user.notificationPreferences.useQuery();
}

/**
 * Changes save at once: the cache shows the new value straight away, a toast confirms, and a refusal
 * puts back what was there before with the server's reason.
 */
export function useNotificationChanges() {
  const utils = trpc.useUtils();
  const t = useT();
  const toast = useToast();
  const updateKind = trpc.user.updateNotificationKind.useMutation();
  const updateGroup = trpc.user.updateGroupNotifications.useMutation();

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
      toast.success(
        t(on ? "profile.switchedOn" : "profile.switchedOff", {
          channel: t(CHANNEL_TEXTS[channel]),
          kind: t(KIND_TEXTS[kind].inToast),
        }),
      );
    } catch (e) {
      patchKind(kind, channel, !on);
      toast.error(errorMessage(e, t("profile.saveNotificationsFailed")));
    }
  }

  /** `before` is the group's setting as shown when the person chose; it comes back on a refusal. */
  async function setGroupFrequency(before: GroupSetting, frequency: GroupNotifyFrequency | null) {
    patchGroup({ ...before, frequency });
    try {
      patchGroup(await updateGroup.mutateAsync({ groupId: before.groupId, frequency }));
      toast.success(t(GROUP_FREQUENCY_SAVED[frequency ?? "profile"], { group: before.groupName }));
    } catch (e) {
      patchGroup(before);
      toast.error(errorMessage(e, t("profile.saveNotificationsFailed")));
    }
  }

  return { setChannel, setGroupFrequency };
}
