import { MAX_GROUP_DESCRIPTION_LENGTH } from "@hyn/validators/policy";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";

/**
 * A group's description on its card (issue 27): what the group is about, for everyone in it; its owner adds or
 * edits it in place (PUT /api/groups/{id}). Empty clears it. What was typed stays if saving fails.
 */
export function GroupDescription({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const update = trpc.groups.update.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();
  const editButton = useRef<HTMLButtonElement>(null);
  // Saved or cancelled, the form goes away with focus in it: back to the button that opened it.
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
      const updated = await update.mutateAsync({ groupId: group.id, description: draft });
      cache.replaceGroup(updated);
      toast.success(t("sharing.descriptionSaved"));
      close();
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.descriptionFailed")));
    }
  }

  if (editing) {
    return (
      <form className="group-description-form" onSubmit={(e) => void save(e)} noValidate>
        <TextField
          label={t("sharing.descriptionLabel")}
          name="groupDescription"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={MAX_GROUP_DESCRIPTION_LENGTH}
          placeholder={t("sharing.descriptionPlaceholder")}
          hint={t("sharing.descriptionHint", { max: MAX_GROUP_DESCRIPTION_LENGTH })}
          autoFocus
        />
        <div className="row">
          <Button variant="secondary" className="btn-small" onClick={close} disabled={update.isPending}>
            {t("groups.cancel")}
          </Button>
          <Button type="submit" className="btn-small" busy={update.isPending}>
            {t("sharing.saveDescription")}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="group-description">
      {group.description && <p className="group-description-text">{group.description}</p>}
      {isOwner && (
        <Button
          ref={editButton}
          variant="ghost"
          className="btn-small"
          onClick={() => {
            setDraft(group.description ?? "");
            setEditing(true);
          }}
        >
          {group.description ? t("sharing.editDescription") : t("sharing.addDescription")}
        </Button>
      )}
    </div>
  );
}
