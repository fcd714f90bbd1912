import { MAX_GROUP_NAME_LENGTH } from "@hyn/validators/policy";
import { stripMarkup } from "@hyn/validators/rules";
import { Button, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import { useForm, type FormErrors } from "../../components/form/useForm";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";

const FIELD_IDS = { groupName: "create-group-name" } as const;

/** The create-group form (PRODUCT "Screens"): Group Name with examples; Create Group disabled while empty or busy. */
export function CreateGroupForm({ onCreated, onCancel }: { onCreated: (group: Group) => void; onCancel: () => void }) {
  const t = useT();
  const cache = useGroupsCache();
  const toast = useToast();
  const utils = trpc.useUtils();
  const form = useForm({
    initial: { groupName: "" },
    ids: FIELD_IDS,
    maxLengths: { groupName: MAX_GROUP_NAME_LENGTH },
    validate: ({ groupName }) => {
      const errors: FormErrors<"groupName"> = {};
      if (groupName.trim() === "") errors.groupName = "groupNameRequired";
      else if (stripMarkup(groupName) === "") errors.groupName = "groupNameInvalid";
      return { errors, input: errors.groupName ? null : { name: groupName } };
    },
    send: async (input) => {
      const group = await utils.client.groups.create.mutate(input);
      cache.addGroup(group);
      toast.success(t("groups.groupCreated", { name: group.name }));
      onCreated(group);
    },
    failureText: t("groups.createGroupFailed"),
  });

  return (
    <form className="card create-group-form" onSubmit={form.submit} noValidate aria-labelledby="create-group-title">
      <h2 id="create-group-title">{t("groups.createNewGroup")}</h2>
      <TextField
        label={t("groups.groupNameLabel")}
        {...form.field("groupName")}
        placeholder={t("groups.groupNamePlaceholder")}
        autoFocus
        hint={t("groups.groupNameHint")}
      />
      <div className="row row-end">
        <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
          {t("groups.cancel")}
        </Button>
        <Button type="submit" needsNetwork busy={form.busy} disabled={form.values.groupName.trim() === ""}>
          {t("groups.createGroup")}
        </Button>
      </div>
    </form>
  );
}
