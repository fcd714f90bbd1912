import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { GroupFrequencySelect } from "./GroupFrequencySelect";
import { useNotificationChanges, useNotificationPreferences } from "./useNotificationPreferences";
import "./notifications.css";

/** The group card's compact control: this group's frequency for new requests, the same setting as on the profile. */
export function GroupCardNotifications({ groupId, groupName }: { groupId: string; groupName: string }) {
  const t = useT();
  const preferences = useNotificationPreferences();
  const { setGroupFrequency } = useNotificationChanges();
  if (preferences.isPending) {
    return (
      <p className="small muted group-notifications" role="status">
        {t("groups.notificationLoading")}
      </p>
    );
  }
  if (preferences.isError) {
    return (
      <p className="small group-notifications">
        {t("groups.notificationLoadFailed")}{" "}
        <Button
          variant="ghost"
          className="btn-small"
          onClick={() => void preferences.refetch()}
          busy={preferences.isFetching}
        >
          {t("groups.tryAgain")}
        </Button>
      </p>
    );
  }
  // A group joined since the preferences were read follows the profile until they are read again
  // (joining refreshes them); its `effective` is not shown.
  const setting = preferences.data.groups.find((g) => g.groupId === groupId) ?? {
    groupId,
    groupName,
    frequency: null,
    effective: "off" as const,
  };
  return (
    <div className="group-notifications">
      <GroupFrequencySelect
        setting={setting}
        profileFrequency={preferences.data.profileFrequency}
        label={t("groups.newRequests")}
        onChange={(frequency) => void setGroupFrequency(setting, frequency)}
      />
    </div>
  );
}
