import { messages } from "@hyn/validators/messages";
import { stripMarkup } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Button, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";

/** SPEC §2 Create group form: Group Name with examples; Create Group disabled while empty or busy. */
export function CreateGroupForm({ onCreated, onCancel }: { onCreated: (group: Group) => void; onCancel: () => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = trpc.groups.create.useMutation();
  const cache = useGroupsCache();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === "") return setError(messages.groupNameRequired);
    if (stripMarkup(name) === "") return setError(messages.groupNameInvalid);
    setError(null);
    try {
      const group = await create.mutateAsync({ name });
      cache.addGroup(group);
      toast.success(`Group "${group.name}" created`);
      onCreated(group);
    } catch (e) {
      const message = errorMessage(e, "Failed to create group");
      toast.error(message);
    }
  }

  return (
    <form className="card create-group-form" onSubmit={submit} noValidate aria-labelledby="create-group-title">
      <h2 id="create-group-title">Create New Group</h2>
      <TextField
        label="Group Name"
        name="groupName"
        value={name}
        onChange={(e) => (setName(e.target.value), setError(null))}
        placeholder="e.g. Maple Street Neighbours, Oak Court Building B"
        maxLength={100}
        autoFocus
        error={error}
        hint="You will be the owner and can invite neighbours by e-mail."
      />
      <div className="row row-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending} disabled={name.trim() === ""}>
          Create Group
        </Button>
      </div>
    </form>
  );
}
