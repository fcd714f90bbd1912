import { IF_UNAVAILABLE_DEFAULT } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Button, Modal, SelectField, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { formatDateTime } from "../../lib/dates";
import { errorMessage, trpc } from "../../lib/trpc";
import type { RecentOwnChanges } from "./live-announcements";
import {
  defaultNeededBy,
  neededByPickerMin,
  parseDateTimeLocal,
  validateRequestForm,
  type RequestFormErrors,
  type RequestFormValues,
} from "./request-form";
import type { DashboardGroup, RequestView } from "./types";
import { anyoneHears, reachSentence } from "./reach";
import { IfUnavailableField } from "./IfUnavailableField";
import { RepeatField } from "./RepeatField";
import { DateTimeField } from "../../components/DateTimeField";
import { focusFirstError } from "../../components/focus-first-error";

const emptyForm = (now: Date): RequestFormValues => ({
  itemDescription: "",
  groupId: "",
  neededBy: defaultNeededBy(now),
  storePreference: "",
  pickupNotes: "",
  ifUnavailable: IF_UNAVAILABLE_DEFAULT,
  repeatEvery: "never",
  repeatUntil: "",
});
const FIELD_IDS = {
  itemDescription: "new-request-item",
  groupId: "new-request-group",
  neededBy: "new-request-needed-by",
  repeatUntil: "new-request-repeat-until",
} as const;
const FORM_ID = "new-request-form";

/**
 * The New Request form (PRODUCT "Screens"). The draft lives here, outside the dialog's content, so a failed
 * submit or an accidental Escape loses nothing; Cancel and a successful post clear it.
 */
export function CreateRequestModal({
  open,
  onClose,
  groups,
  now,
  clockOffsetMs,
  own,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  groups: DashboardGroup[];
  /** The page's clock, for the picker's minimum. */
  now: Date;
  /** The server's clock minus this browser's, so "in the future" means what the server will check. */
  clockOffsetMs: number;
  own: RecentOwnChanges;
  onCreated: (request: RequestView) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<RequestFormValues>(() => emptyForm(now));
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();
  const toast = useToast();

  // One group and no choice made yet: nothing to choose. A chosen group that is gone (left meanwhile)
  // must be chosen again rather than silently swapped for another.
  const onlyGroupId = groups.length === 1 ? groups[0]!.id : "";
  const groupId =
    values.groupId === "" ? onlyGroupId : groups.some((g) => g.id === values.groupId) ? values.groupId : "";

  const chosenNeededBy = parseDateTimeLocal(values.neededBy);
  const neededByChosen = chosenNeededBy ? t("asking.neededByChosen", { when: formatDateTime(chosenNeededBy) }) : "";

  const set = (field: Exclude<keyof RequestFormValues, "ifUnavailable">) => (event: { target: { value: string } }) => {
    // The select and text fields hold strings; "repeatEvery" holds one of its options' values.
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function close() {
    if (!busy) onClose();
  }

  function cancel() {
    if (busy) return;
    setValues(emptyForm(new Date()));
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { errors: found, input } = validateRequestForm({ ...values, groupId }, new Date(Date.now() + clockOffsetMs));
    setErrors(found);
    if (!input) {
      focusFirstError(FIELD_IDS, found);
      return;
    }
    setBusy(true);
    own.postStarted();
    let createdId: string | null = null;
    try {
      const created = await utils.client.requests.create.mutate(input);
      createdId = created.id;
      setValues(emptyForm(new Date()));
      setErrors({});
      // Posted, and who will hear of it (PRODUCT "Who will hear"); an info toast when nobody will.
      const { reach, ...view } = created;
      const said = `${t("requests.posted", { item: view.itemDescription, group: view.groupName })}. ${reachSentence(t, reach, view.groupName)}`;
      if (anyoneHears(reach)) toast.success(said);
      else toast.info(said);
      onCreated(view);
      onClose();
    } catch (error) {
      // Shown once, as the toast (PRODUCT "Errors", issue 17); the dialog stays open with what was typed.
      toast.error(errorMessage(error, t("requests.createFailed")));
    } finally {
      own.postEnded(createdId);
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t("asking.createTitle")}
      open={open}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {t("asking.cancel")}
          </Button>
          <Button type="submit" needsNetwork form={FORM_ID} busy={busy}>
            {busy ? t("asking.creating") : t("asking.createButton")}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="request-form">
        <TextField
          id={FIELD_IDS.itemDescription}
          label={t("asking.itemLabel")}
          name="itemDescription"
          value={values.itemDescription}
          onChange={set("itemDescription")}
          placeholder={t("asking.itemPlaceholder")}
          maxLength={500}
          autoFocus
          required
          error={errors.itemDescription && errorText(errors.itemDescription)}
        />
        <SelectField
          id={FIELD_IDS.groupId}
          label={t("requests.groupLabel")}
          name="groupId"
          value={groupId}
          onChange={set("groupId")}
          required
          error={errors.groupId && errorText(errors.groupId)}
        >
          <option value="">{t("asking.selectGroup")}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
        <DateTimeField
          id={FIELD_IDS.neededBy}
          label={t("requests.neededByLabel")}
          name="neededBy"
          kind="dateTime"
          value={values.neededBy}
          onChange={set("neededBy")}
          min={neededByPickerMin(now)}
          required
          error={errors.neededBy && errorText(errors.neededBy)}
          // The picker starts tomorrow (PRODUCT "Screens"), but a later time today, typed in, is accepted too.
          // The chosen date is also said in words, in the app's language.
          hint={[neededByChosen, t("asking.neededByHint")].filter(Boolean).join(" ")}
        />
        <TextField
          label={t("asking.storeLabel")}
          name="storePreference"
          value={values.storePreference}
          onChange={set("storePreference")}
          placeholder={t("asking.storePlaceholder")}
          maxLength={200}
        />
        <TextArea
          label={t("asking.notesLabel")}
          name="pickupNotes"
          value={values.pickupNotes}
          onChange={set("pickupNotes")}
          placeholder={t("asking.notesPlaceholder")}
          maxLength={1000}
          rows={3}
        />
        <IfUnavailableField
          value={values.ifUnavailable}
          onChange={(ifUnavailable) => setValues((v) => ({ ...v, ifUnavailable }))}
        />
        <RepeatField
          every={values.repeatEvery}
          until={values.repeatUntil}
          untilId={FIELD_IDS.repeatUntil}
          untilError={errors.repeatUntil && errorText(errors.repeatUntil)}
          onEvery={set("repeatEvery")}
          onUntil={set("repeatUntil")}
        />
      </form>
    </Modal>
  );
}
