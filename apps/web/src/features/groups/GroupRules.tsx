import { MAX_GROUP_RULES_LENGTH } from "@hyn/validators/policy";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, TextArea } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";

/**
 * A group's rules on its card (PRODUCT "Group rules"): shown to everyone in it; its owner adds or edits them in
 * place (PUT /api/groups/{id}), like the description. Empty clears them. What was typed stays if saving fails.
 */
export function GroupRules({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const update = trpc.groups.update.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const updated = await update.mutateAsync({ groupId: group.id, rules: draft });
      cache.replaceGroup(updated);
      toast.success(t("sharing.rulesSaved"));
      close();
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.rulesFailed")));
    }
  }

  if (editing) {
    return (
      <form className="group-description-form" onSubmit={(e) => void save(e)} noValidate>
        <TextArea
          label={t("sharing.rulesLabel")}
          name="groupRules"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={MAX_GROUP_RULES_LENGTH}
          rows={6}
          hint={t("sharing.rulesHint")}
          autoFocus
        />
        <div className="row">
          <Button variant="secondary" className="btn-small" onClick={close} disabled={update.isPending}>
            {t("groups.cancel")}
          </Button>
          <Button type="submit" className="btn-small" busy={update.isPending}>
            {t("sharing.saveRules")}
          </Button>
        </div>
      </form>
    );
  }
  if (!group.rules && !isOwner) return null;
  return (
    <div className="group-rules">
      {group.rules && (
        <details>
          <summary>{t("sharing.groupRulesTitle")}</summary>
          <p className="group-rules-text">{group.rules}</p>
        </details>
      )}
      {isOwner && (
        <Button
          ref={editButton}
          variant="ghost"
          className="btn-small"
          onClick={() => {
            setDraft(group.rules ?? "");
            setEditing(true);
          }}
        >
          {group.rules ? t("sharing.editRules") : t("sharing.addRules")}
        </Button>
      )}
    </div>
  );
}
