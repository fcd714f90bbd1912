import { Fieldset } from "../../components/Fieldset";
import { Button, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { trpc } from "../../lib/trpc";
import {
  MAX_TRIP_ITEMS,
  MAX_TRIP_NOTE_LENGTH,
  MAX_TRIP_STORE_LENGTH,
  TRIP_DEFAULT_CLOSE_LEAD_MINUTES,
} from "@hyn/validators/policy";
import { parseDateTimeLocal, toDateTimeLocal } from "../requests/request-form";
import { DateTimeField } from "../../components/DateTimeField";
import { useForm } from "../../components/form/useForm";
import { defaultClosesAt, TRIP_FIELD_OF_KEY, validateTripForm, type TripField, type TripFormValues } from "./trip-form";
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
const ONE_GROUP = (id: string): TripFormValues => ({ ...EMPTY, groupIds: [id] });
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
  const form = useForm({
    // With one group there is nothing to choose: it is ticked.
    initial: groups.length === 1 ? ONE_GROUP(groups[0]!.id) : EMPTY,
    ids: FIELD_IDS,
    maxLengths: { store: MAX_TRIP_STORE_LENGTH, note: MAX_TRIP_NOTE_LENGTH },
    validate: validateTripForm,
    send: async (input) => {
      const trip = await utils.client.trips.create.mutate(input);
      toast.success(t("trips.announced", { store: trip.store }));
      void utils.trips.list.invalidate();
      onAnnounced(trip);
    },
    fieldOfKey: TRIP_FIELD_OF_KEY,
    failureText: t("trips.announceFailed"),
  });
  const { values, busy } = form;
  const toggleGroup = (id: string, checked: boolean) =>
    form.set("groupIds", checked ? [...values.groupIds, id] : values.groupIds.filter((g) => g !== id));

  const min = toDateTimeLocal(now);
  const departs = parseDateTimeLocal(values.departsAt);
  const closesHint = departs
    ? t("trips.closesHintAt", { time: toDateTimeLocal(defaultClosesAt(departs)).slice(11) })
    : t("trips.closesHint", { minutes: TRIP_DEFAULT_CLOSE_LEAD_MINUTES });

  return (
    <form className="card trip-form" onSubmit={form.submit} noValidate aria-labelledby="announce-trip-title">
      <h2 id="announce-trip-title">{t("trips.announceTitle")}</h2>
      <TextField
        label={t("trips.storeLabel")}
        {...form.field("store")}
        placeholder={t("trips.storePlaceholder")}
        autoComplete="off"
        required
        autoFocus
      />
      <div className="trip-form-times">
        <DateTimeField
          label={t("trips.departsLabel")}
          {...form.field("departsAt")}
          id={FIELD_IDS.departsAt}
          kind="dateTime"
          min={min}
          required
          hint={t("trips.departsHint")}
        />
        <DateTimeField
          label={t("trips.closesLabel")}
          {...form.field("closesAt")}
          id={FIELD_IDS.closesAt}
          kind="dateTime"
          min={min}
          max={values.departsAt || undefined}
          hint={closesHint}
        />
      </div>
      <Fieldset
        id={FIELD_IDS.groupIds}
        className="trip-groups"
        legend={t("trips.groupsLegend")}
        error={form.shown("groupIds")}
      >
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
      </Fieldset>
      <TextArea
        label={t("trips.noteLabel")}
        {...form.field("note")}
        placeholder={t("trips.notePlaceholder")}
        rows={2}
      />
      <TextField
        label={t("trips.maxItemsLabel")}
        {...form.field("maxItems")}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_TRIP_ITEMS}
        className="trip-max-items"
      />
      <label className="radio">
        <input
          type="checkbox"
          name="repeatWeekly"
          checked={values.repeatWeekly}
          onChange={(e) => form.set("repeatWeekly", e.target.checked)}
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
