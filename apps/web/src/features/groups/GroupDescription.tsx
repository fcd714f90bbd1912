import { MAX_GROUP_DESCRIPTION_LENGTH } from "@hyn/validators/policy";
import type { Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";
import { GroupTextEditor } from "./GroupTextEditor";

/** A group's description on its card (issue 27): what the group is about; its owner edits it in place. */
export function GroupDescription({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const t = useT();
  return (
    <GroupTextEditor
      group={group}
      isOwner={isOwner}
      field="description"
      maxLength={MAX_GROUP_DESCRIPTION_LENGTH}
      className="group-description"
      texts={{
        label: t("sharing.descriptionLabel"),
        hint: t("sharing.descriptionHint", { max: MAX_GROUP_DESCRIPTION_LENGTH }),
        placeholder: t("sharing.descriptionPlaceholder"),
        add: t("sharing.addDescription"),
        edit: t("sharing.editDescription"),
        save: t("sharing.saveDescription"),
        saved: t("sharing.descriptionSaved"),
        failed: t("sharing.descriptionFailed"),
      }}
      show={(text) => <p className="group-description-text">{text}</p>}
    />
  );
}
