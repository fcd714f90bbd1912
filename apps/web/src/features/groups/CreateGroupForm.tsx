import type { MessageKey } from "@hyn/validators/messages";
import { MAX_GROUP_NAME_LENGTH } from "@hyn/validators/policy";
import { stripMarkup } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Button, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";

/** The create-group form (PRODUCT "Screens"): Group Name with examples; Create Group disabled while empty or busy. */
export function CreateGroupForm({ onCreated, onCancel }: { onCreated: (group: Group) => void; onCancel: () => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);
  const create = trpc.groups.create.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") return setError("groupNameRequired");
    if (stripMarkup(name) === "") return setError("groupNameInvalid");
    setError(null);
    try {
      const group = await create.mutateAsync({ name });
      cache.addGroup(group);
      toast.success(t("groups.groupCreated", { name: group.name }));
      onCreated(group);
    } catch (e) {
      const message = errorMessage(e, t("groups.createGroupFailed"));
      toast.error(message);
    }
  }

  return (
    <form className="card create-group-form" onSubmit={submit} noValidate aria-labelledby="create-group-title">
      <h2 id="create-group-title">{t("groups.createNewGroup")}</h2>
      <TextField
        label={t("groups.groupNameLabel")}
        name="groupName"
        value={name}
        onChange={(e) => (setName(e.target.value), setError(null))}
        placeholder={t("groups.groupNamePlaceholder")}
        maxLength={MAX_GROUP_NAME_LENGTH}
        autoFocus
        error={error === null ? null : errorText(error)}
        hint={t("groups.groupNameHint")}
      />
      <div className="row row-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          {t("groups.cancel")}
        </Button>
        <Button type="submit" needsNetwork busy={create.isPending} disabled={name.trim() === ""}>
          {t("groups.createGroup")}
        </Button>
      </div>
    </form>
  );
}
