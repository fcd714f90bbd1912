import type { GroupDelivery } from "@hyn/validators/notification-delivery";
import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { deliveryOf, useDelivery } from "./delivery";
import { GroupFrequencySelect } from "./GroupFrequencySelect";
import { useNotificationChanges, useToastReporter } from "./useNotificationPreferences";
import "./notifications.css";

/** The group card's compact control: this group's frequency for new requests, the same setting as on the profile. */
export function GroupCardNotifications({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT();
  const model = useDelivery();
  const { setGroupFrequency } = useNotificationChanges(useToastReporter());
  if (model.isError) {
    return (
      <p className="small group-notifications">
        {t("groups.notificationLoadFailed")}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void model.refetch()} busy={model.isFetching}>
          {t("groups.tryAgain")}
        </Button>
      </p>
    );
  }
  if (!model.data) {
    return (
      <p className="small muted group-notifications" role="status">
        {t("groups.notificationLoading")}
      </p>
    );
  }
  const { preferences } = model.data;
  // A group joined since the preferences were read follows the profile until they are read again
  // (joining refreshes them): the model is derived with it as such.
  const setting = preferences.groups.find((g) => g.groupId === groupId) ?? {
    groupId,
    groupName,
    frequency: null,
    effective: "off" as const,
  };
  const delivery = preferences.groups.some((g) => g.groupId === groupId)
    ? model.data.delivery
    : deliveryOf({ ...preferences, groups: [...preferences.groups, setting] }, model.data.pushDevices);
  const group = delivery.groups.find((g) => g.groupId === groupId) as GroupDelivery;
  return (
    <div className="group-notifications">
      <GroupFrequencySelect
        group={group}
        delivery={delivery}
        profileFrequency={preferences.profileFrequency}
        label={t("groups.newRequests")}
        onChange={(frequency) => void setGroupFrequency(setting, frequency)}
      />
    </div>
  );
}
