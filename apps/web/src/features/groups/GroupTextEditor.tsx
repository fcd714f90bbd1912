import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import { useGroupsCache, type Group } from "../../lib/useGroupsCache";
import { useT } from "../../i18n/useT";

/** What an editor says: the field's label and hint, its buttons, and its answers. */
export interface GroupTextTexts {
  label: string;
  hint: string;
  placeholder?: string;
  add: string;
  edit: string;
  save: string;
  saved: string;
  failed: string;
}

/**
 * One of a group's texts on its card (its description, its rules), for everyone in it; its owner adds or
 * edits it in place (PUT /api/groups/{id}, that field only). Empty clears it. What was typed stays if saving
 * fails. `show` draws the saved text; `rows` makes the field a multi-line one.
 */
export function GroupTextEditor({
  group,
  isOwner,
  field,
  maxLength,
  rows,
  className,
  texts,
  show,
}: {
  group: Group;
  isOwner: boolean;
  field: "description" | "rules";
  maxLength: number;
  rows?: number;
  className: string;
  texts: GroupTextTexts;
  show: (text: string) => ReactNode;
}) {
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

  const saved = group[field];
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const updated = await update.mutateAsync({ groupId: group.id, [field]: draft });
      cache.replaceGroup(updated);
      toast.success(texts.saved);
      close();
    } catch (e) {
      toast.error(errorMessage(e, texts.failed));
    }
  }

  if (editing) {
    const input = {
      label: texts.label,
      name: field === "rules" ? "groupRules" : "groupDescription",
      value: draft,
      maxLength,
      placeholder: texts.placeholder,
      hint: texts.hint,
      autoFocus: true,
    };
    return (
      <form className="group-description-form" onSubmit={(e) => void save(e)} noValidate>
        {rows ? (
          <TextArea {...input} rows={rows} onChange={(e) => setDraft(e.target.value)} />
        ) : (
          <TextField {...input} onChange={(e) => setDraft(e.target.value)} />
        )}
        <div className="row">
          <Button variant="secondary" className="btn-small" onClick={close} disabled={update.isPending}>
            {t("groups.cancel")}
          </Button>
          <Button needsNetwork type="submit" className="btn-small" busy={update.isPending}>
            {texts.save}
          </Button>
        </div>
      </form>
    );
  }
  if (!saved && !isOwner) return null;
  return (
    <div className={className}>
      {saved && show(saved)}
      {isOwner && (
        <Button
          ref={editButton}
          variant="ghost"
          className="btn-small"
          onClick={() => {
            setDraft(saved ?? "");
            setEditing(true);
          }}
        >
          {saved ? texts.edit : texts.add}
        </Button>
      )}
    </div>
  );
}
