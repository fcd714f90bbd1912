import { MAX_GROUP_RULES_LENGTH } from "@hyn/validators/policy";
import type { Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";
import { GroupTextEditor } from "./GroupTextEditor";

/** A group's rules on its card (PRODUCT "Group rules"), folded; its owner edits them in place, line breaks kept. */
export function GroupRules({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const t = useT();
  return (
    <GroupTextEditor
      group={group}
      isOwner={isOwner}
      field="rules"
      maxLength={MAX_GROUP_RULES_LENGTH}
      rows={6}
      className="group-rules"
      texts={{
        label: t("sharing.rulesLabel"),
        hint: t("sharing.rulesHint"),
        add: t("sharing.addRules"),
        edit: t("sharing.editRules"),
        save: t("sharing.saveRules"),
        saved: t("sharing.rulesSaved"),
        failed: t("sharing.rulesFailed"),
      }}
      show={(text) => (
        <details>
          <summary>{t("sharing.groupRulesTitle")}</summary>
          <p className="group-rules-text">{text}</p>
        </details>
      )}
    />
  );
}
