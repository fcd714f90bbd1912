import { useState, type FormEvent } from "react";
import { Button, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorText } from "../../i18n/errorText";
import { useT } from "../../i18n/useT";
import { errorKey, errorMessage, trpc } from "../../lib/trpc";
import { TRIP_DEFAULT_CLOSE_LEAD_MINUTES } from "@hyn/validators/policy";
import { parseDateTimeLocal, toDateTimeLocal } from "../requests/request-form";
import { DateTimeField } from "../../components/DateTimeField";
import { focusFirstError } from "../../components/focus-first-error";
import {
  defaultClosesAt,
  fieldOfServerError,
  validateTripForm,
  type TripField,
  type TripFormErrors,
  type TripFormValues,
} from "./trip-form";
import type { Trip } from "./types";

const EMPTY: TripFormValues = {
  store: "",
  departsAt: "",
  closesAt: "",
  groupIds: [],
  note: "",
  maxItems: "",
  repeatWeekly: false,
};
// In the order the form shows them: the first one with an error takes the focus.
const FIELD_IDS: Record<TripField, string> = {
  store: "trip-store",
  departsAt: "trip-departs",
  closesAt: "trip-closes",
  groupIds: "trip-groups",
  note: "trip-note",
  maxItems: "trip-max-items",
};

interface GroupChoice {
  id: string;
  name: string;
}

/**
 * Announce a trip (PRODUCT "Trips on screen"): the store, when one leaves, until when others may add (empty: an hour
 * before), which of one's groups, a note, a cap on items, every week. A refusal of the server that names a
 * field is said under it; what was typed stays until the trip is announced.
 */
export function AnnounceTripForm({
  groups,
  now,
  onAnnounced,
  onCancel,
}: {
  groups: readonly GroupChoice[];
  now: Date;
  onAnnounced: (trip: Trip) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  // With one group there is nothing to choose: it is ticked.
  const [values, setValues] = useState<TripFormValues>(() =>
    groups.length === 1 ? { ...EMPTY, groupIds: [groups[0]!.id] } : EMPTY,
  );
  const [errors, setErrors] = useState<TripFormErrors>({});
  const [busy, setBusy] = useState(false);

  const set =
    (field: Exclude<keyof TripFormValues, "groupIds" | "repeatWeekly">) => (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (errors[field as TripField]) setErrors((e) => ({ ...e, [field]: undefined }));
    };
  const toggleGroup = (id: string, checked: boolean) => {
    setValues((v) => ({ ...v, groupIds: checked ? [...v.groupIds, id] : v.groupIds.filter((g) => g !== id) }));
    if (errors.groupIds) setErrors((e) => ({ ...e, groupIds: undefined }));
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { errors: found, input } = validateTripForm(values);
    setErrors(found);
    if (!input) return focusFirstError(FIELD_IDS, found);
    setBusy(true);
    try {
      const trip = await utils.client.trips.create.mutate(input);
      setValues(EMPTY);
      toast.success(t("trips.announced", { store: trip.store }));
      void utils.trips.list.invalidate();
      onAnnounced(trip);
    } catch (error) {
      const field = fieldOfServerError(errorKey(error));
      const key = errorKey(error);
      if (field && key) {
        const fieldErrors = { [field]: key } as TripFormErrors;
        setErrors(fieldErrors);
        focusFirstError(FIELD_IDS, fieldErrors);
      } else toast.error(errorMessage(error, t("trips.announceFailed")));
    } finally {
      setBusy(false);
    }
  }

  const shown = (field: TripField) => {
    const key = errors[field];
    return key ? errorText(key) : undefined;
  };
  const min = toDateTimeLocal(now);
  const departs = parseDateTimeLocal(values.departsAt);
  const closesHint = departs
    ? t("trips.closesHintAt", { time: toDateTimeLocal(defaultClosesAt(departs)).slice(11) })
    : t("trips.closesHint", { minutes: TRIP_DEFAULT_CLOSE_LEAD_MINUTES });

  return (
    <form className="card trip-form" onSubmit={submit} noValidate aria-labelledby="announce-trip-title">
      <h2 id="announce-trip-title">{t("trips.announceTitle")}</h2>
      <TextField
        id={FIELD_IDS.store}
        label={t("trips.storeLabel")}
        name="store"
        value={values.store}
        onChange={set("store")}
        placeholder={t("trips.storePlaceholder")}
        maxLength={200}
        autoComplete="off"
        required
        autoFocus
        error={shown("store")}
      />
      <div className="trip-form-times">
        <DateTimeField
          id={FIELD_IDS.departsAt}
          label={t("trips.departsLabel")}
          name="departsAt"
          kind="dateTime"
          value={values.departsAt}
          onChange={set("departsAt")}
          min={min}
          required
          hint={t("trips.departsHint")}
          error={shown("departsAt")}
        />
        <DateTimeField
          id={FIELD_IDS.closesAt}
          label={t("trips.closesLabel")}
          name="closesAt"
          kind="dateTime"
          value={values.closesAt}
          onChange={set("closesAt")}
          min={min}
          max={values.departsAt || undefined}
          hint={closesHint}
          error={shown("closesAt")}
        />
      </div>
      <fieldset
        id={FIELD_IDS.groupIds}
        className={`trip-groups${errors.groupIds ? " field-invalid" : ""}`}
        aria-describedby={errors.groupIds ? `${FIELD_IDS.groupIds}-error` : undefined}
      >
        <legend>{t("trips.groupsLegend")}</legend>
        {groups.map((group) => (
          <label key={group.id} className="radio">
            <input
              type="checkbox"
              name="groupIds"
              value={group.id}
              checked={values.groupIds.includes(group.id)}
              onChange={(e) => toggleGroup(group.id, e.target.checked)}
            />
            <span>{group.name}</span>
          </label>
        ))}
        {errors.groupIds && (
          <div id={`${FIELD_IDS.groupIds}-error`} className="field-error" role="alert">
            {shown("groupIds")}
          </div>
        )}
      </fieldset>
      <TextArea
        id={FIELD_IDS.note}
        label={t("trips.noteLabel")}
        name="note"
        value={values.note}
        onChange={set("note")}
        placeholder={t("trips.notePlaceholder")}
        maxLength={1000}
        rows={2}
        error={shown("note")}
      />
      <TextField
        id={FIELD_IDS.maxItems}
        label={t("trips.maxItemsLabel")}
        name="maxItems"
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        value={values.maxItems}
        onChange={set("maxItems")}
        className="trip-max-items"
        error={shown("maxItems")}
      />
      <label className="radio">
        <input
          type="checkbox"
          name="repeatWeekly"
          checked={values.repeatWeekly}
          onChange={(e) => setValues((v) => ({ ...v, repeatWeekly: e.target.checked }))}
        />
        <span>{t("trips.repeatLabel")}</span>
      </label>
      <div className="row row-end trip-form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("trips.cancel")}
        </Button>
        <Button needsNetwork type="submit" busy={busy}>
          {busy ? t("trips.announcing") : t("trips.announceButton")}
        </Button>
      </div>
    </form>
  );
}
