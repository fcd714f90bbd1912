import {
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_PICKUP_NOTES_LENGTH,
  MAX_STORE_PREFERENCE_LENGTH,
} from "@hyn/validators/policy";
import { IF_UNAVAILABLE_DEFAULT } from "@hyn/validators/rules";
import { Button, Modal, SelectField, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { formatDateTime } from "../../lib/dates";
import { trpc } from "../../lib/trpc";
import type { RecentOwnChanges } from "./live-announcements";
import {
  defaultNeededBy,
  neededByPickerMin,
  parseDateTimeLocal,
  validateRequestForm,
  type RequestFormValues,
} from "./request-form";
import type { DashboardGroup, RequestView } from "./types";
import { anyoneHears, reachSentence } from "./reach";
import { IfUnavailableField } from "./IfUnavailableField";
import { RepeatField } from "./RepeatField";
import { DateTimeField } from "../../components/DateTimeField";
import { useForm } from "../../components/form/useForm";
import { useAuth } from "../auth/AuthProvider";
import { asksForPhone } from "./ask-first-phone";
import { AskFirstPhoneField } from "./AskFirstPhoneField";

const emptyForm = (now: Date): RequestFormValues => ({
  itemDescription: "",
  groupId: "",
  neededBy: defaultNeededBy(now),
  storePreference: "",
  pickupNotes: "",
  ifUnavailable: IF_UNAVAILABLE_DEFAULT,
  repeatEvery: "never",
  repeatUntil: "",
  onBehalfOf: "",
  phone: "",
});
const FIELD_IDS = {
  itemDescription: "new-request-item",
  groupId: "new-request-group",
  neededBy: "new-request-needed-by",
  phone: "new-request-phone",
  repeatUntil: "new-request-repeat-until",
} as const;
const FORM_ID = "new-request-form";

/**
 * The "For" choice is held as "groupId|offlineId": a neighbour of a group chosen before the group changed
 * is then no choice at all (myself), never a neighbour of another group.
 */
const neighbourFor = (choice: string | undefined, groupId: string) => {
  const [ofGroup, offlineId] = (choice ?? "").split("|");
  return ofGroup === groupId && offlineId ? offlineId : "";
};

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
  const utils = trpc.useUtils();
  const toast = useToast();
  const { user, setUser } = useAuth();
  // "Ask me first" needs a phone: asked for beside it while the profile has none (issue 43 §5).
  const profilePhone = user?.phone ?? null;

  // One group and no choice made yet: nothing to choose. A chosen group that is gone (left meanwhile)
  // must be chosen again rather than silently swapped for another.
  const onlyGroupId = groups.length === 1 ? groups[0]!.id : "";
  const groupOf = (values: RequestFormValues) =>
    values.groupId === "" ? onlyGroupId : groups.some((g) => g.id === values.groupId) ? values.groupId : "";

  // Every refusal of the server is said once, as the toast (PRODUCT "Errors", issue 17); the dialog stays
  // open with what was typed.
  const form = useForm({
    initial: emptyForm(now),
    ids: FIELD_IDS,
    maxLengths: {
      itemDescription: MAX_ITEM_DESCRIPTION_LENGTH,
      storePreference: MAX_STORE_PREFERENCE_LENGTH,
      pickupNotes: MAX_PICKUP_NOTES_LENGTH,
    },
    validate: (values) =>
      validateRequestForm(
        { ...values, groupId: groupOf(values), onBehalfOf: neighbourFor(values.onBehalfOf, groupOf(values)) },
        new Date(Date.now() + clockOffsetMs),
        profilePhone,
      ),
    send: async (input) => {
      own.postStarted();
      let createdId: string | null = null;
      try {
        const created = await utils.client.requests.create.mutate(input);
        createdId = created.id;
        // The phone given beside "Ask me first" is the profile's now (saved with the post).
        if (input.phone && user) setUser({ ...user, phone: input.phone });
        // Posted, and who will hear of it (PRODUCT "Who will hear"); an info toast when nobody will.
        const { reach, ...view } = created;
        const said = `${t("requests.posted", { item: view.itemDescription, group: view.groupName })}. ${reachSentence(t, reach, view.groupName, { sentAt: view.createdAt, neededBy: view.neededBy })}`;
        if (anyoneHears(reach)) toast.success(said);
        else toast.info(said);
        onCreated(view);
        onClose();
      } finally {
        own.postEnded(createdId);
      }
    },
    failureText: t("requests.createFailed"),
  });
  const { values, busy } = form;
  const groupId = groupOf(values);

  // "For" (issue 42 §1): myself, or a neighbour without the app of the chosen group.
  const neighbours = trpc.offlineMembers.list.useQuery({ groupId }, { enabled: open && groupId !== "" });
  const forChoices = groupId === "" ? [] : (neighbours.data ?? []);
  const onBehalfOf = forChoices.some((n) => n.id === neighbourFor(values.onBehalfOf, groupId))
    ? values.onBehalfOf!
    : "";

  const chosenNeededBy = parseDateTimeLocal(values.neededBy);
  const neededByChosen = chosenNeededBy ? t("asking.neededByChosen", { when: formatDateTime(chosenNeededBy) }) : "";
  // How the field starts ("Set to tomorrow at 18:00") is said only while it still holds that (issue 43).
  const neededByHint = [neededByChosen, values.neededBy === defaultNeededBy(now) ? t("asking.neededByHint") : ""]
    .filter(Boolean)
    .join(" ");

  function close() {
    if (!busy) onClose();
  }

  function cancel() {
    if (busy) return;
    form.reset();
    onClose();
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
      <form id={FORM_ID} onSubmit={form.submit} noValidate className="request-form">
        <TextField
          label={t("asking.itemLabel")}
          {...form.field("itemDescription")}
          placeholder={t("asking.itemPlaceholder")}
          autoFocus
          required
        />
        <SelectField label={t("requests.groupLabel")} {...form.field("groupId")} value={groupId} required>
          <option value="">{t("asking.selectGroup")}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
        {forChoices.length > 0 && (
          <SelectField
            label={t("asking.forLabel")}
            hint={t("asking.forHint")}
            id="new-request-for"
            name="onBehalfOf"
            value={onBehalfOf}
            onChange={(event) => form.set("onBehalfOf", event.target.value)}
          >
            <option value="">{t("asking.forMyself")}</option>
            {forChoices.map((n) => (
              <option key={n.id} value={`${groupId}|${n.id}`}>
                {n.name}
              </option>
            ))}
          </SelectField>
        )}
        <DateTimeField
          label={t("requests.neededByLabel")}
          {...form.field("neededBy")}
          id={FIELD_IDS.neededBy}
          kind="dateTime"
          min={neededByPickerMin(now)}
          required
          // The picker starts tomorrow (PRODUCT "Screens"), but a later time today, typed in, is accepted too.
          // The chosen date is also said in words, in the app's language.
          hint={neededByHint}
        />
        <TextField
          label={t("asking.storeLabel")}
          {...form.field("storePreference")}
          placeholder={t("asking.storePlaceholder")}
        />
        <TextArea
          label={t("asking.notesLabel")}
          {...form.field("pickupNotes")}
          placeholder={t("asking.notesPlaceholder")}
          rows={3}
        />
        <IfUnavailableField
          value={values.ifUnavailable}
          onChange={(ifUnavailable) => form.set("ifUnavailable", ifUnavailable)}
        />
        {asksForPhone(values.ifUnavailable, profilePhone, onBehalfOf !== "") && (
          <AskFirstPhoneField
            id={FIELD_IDS.phone}
            value={values.phone ?? ""}
            onChange={(event) => form.set("phone", event.target.value)}
            error={form.shown("phone")}
          />
        )}
        {/* A request for a neighbour without the app is posted each time (the series keeps no neighbour). */}
        {onBehalfOf === "" && (
          <RepeatField
            every={values.repeatEvery}
            until={values.repeatUntil}
            untilId={FIELD_IDS.repeatUntil}
            untilError={form.shown("repeatUntil")}
            onEvery={form.field("repeatEvery").onChange}
            onUntil={form.field("repeatUntil").onChange}
          />
        )}
      </form>
    </Modal>
  );
}
