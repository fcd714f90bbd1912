import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_PICKUP_NOTES_LENGTH, MAX_TRIP_ITEM_QUANTITY } from "@hyn/validators/policy";
import { IF_UNAVAILABLE_DEFAULT, type IfUnavailable } from "@hyn/validators/rules";
import { stripMarkup } from "@hyn/validators/rules";
import { Button, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useForm, type FormErrors } from "../../components/form/useForm";
import { useT } from "../../i18n/useT";
import type { ErrorKey } from "@hyn/validators/messages";
import { trpc } from "../../lib/trpc";
import { IfUnavailableChoice } from "./IfUnavailableChoice";
import { useAuth } from "../auth/AuthProvider";
import { asksForPhone, checkAskFirstPhone } from "../requests/ask-first-phone";
import { AskFirstPhoneField } from "../requests/AskFirstPhoneField";

const FIELD_IDS = { itemDescription: "trip-item", quantity: "trip-item-quantity", phone: "trip-item-phone" } as const;
type Field = keyof typeof FIELD_IDS;

/** The server's refusals about a field of this form, said under it (everything typed is kept). */
const FIELD_OF_KEY: Partial<Record<ErrorKey, Field>> = {
  itemDescriptionRequired: "itemDescription",
  itemDescriptionTooLong: "itemDescription",
  tripQuantityInvalid: "quantity",
  askFirstNeedsPhone: "phone",
  invalidPhoneFormat: "phone",
};

interface ItemValues {
  itemDescription: string;
  quantity: string;
  pickupNotes: string;
  ifUnavailable: IfUnavailable;
  /** The phone asked for beside "Ask me first" while the profile has none (issue 43 §5). */
  phone: string;
}
const EMPTY: ItemValues = {
  itemDescription: "",
  quantity: "1",
  pickupNotes: "",
  ifUnavailable: IF_UNAVAILABLE_DEFAULT,
  phone: "",
};

function validate(values: ItemValues, profilePhone: string | null) {
  const itemDescription = stripMarkup(values.itemDescription);
  const quantity = Number(values.quantity);
  const errors: FormErrors<Field> = {};
  if (itemDescription === "") errors.itemDescription = "itemDescriptionRequired";
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_TRIP_ITEM_QUANTITY)
    errors.quantity = "tripQuantityInvalid";
  const phone = asksForPhone(values.ifUnavailable, profilePhone) ? checkAskFirstPhone(values.phone) : null;
  if (phone?.error) errors.phone = phone.error;
  const input = {
    itemDescription,
    quantity,
    pickupNotes: stripMarkup(values.pickupNotes) || null,
    ifUnavailable: values.ifUnavailable,
    ...(phone?.phone ? { phone: phone.phone } : {}),
  };
  return { errors, input: Object.keys(errors).length > 0 ? null : input };
}

/**
 * Add an item to a trip (PRODUCT "Trips on screen"): the item, how many, notes, and what to do if it is not there. It
 * becomes a request of the viewer's, claimed by the tripper at once.
 */
export function AddItemForm({ tripId, onAdded }: { tripId: string; onAdded: () => void }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const { user, setUser } = useAuth();
  const profilePhone = user?.phone ?? null;
  const form = useForm({
    initial: EMPTY,
    ids: FIELD_IDS,
    maxLengths: { itemDescription: MAX_ITEM_DESCRIPTION_LENGTH, pickupNotes: MAX_PICKUP_NOTES_LENGTH },
    validate: (values) => validate(values, profilePhone),
    send: async (input) => {
      const added = await utils.client.trips.addItem.mutate({ tripId, ...input });
      // The phone given beside "Ask me first" is the profile's now (saved with the item).
      if (input.phone && user) setUser({ ...user, phone: input.phone });
      toast.success(t("trips.added", { item: added.itemDescription }));
      onAdded();
      document.getElementById(FIELD_IDS.itemDescription)?.focus();
    },
    fieldOfKey: FIELD_OF_KEY,
    failureText: t("trips.addFailed"),
    // The trip may have closed meanwhile: show it as it is now.
    afterToast: onAdded,
  });
  const { busy } = form;

  return (
    <form className="card trip-add-item" onSubmit={form.submit} noValidate aria-labelledby="trip-add-item-title">
      <h2 id="trip-add-item-title">{t("trips.addItemTitle")}</h2>
      <div className="trip-add-item-row">
        <TextField
          label={t("trips.itemLabel")}
          {...form.field("itemDescription")}
          placeholder={t("trips.itemPlaceholder")}
          autoComplete="off"
          required
          className="trip-item-field"
        />
        <TextField
          label={t("trips.quantityLabel")}
          {...form.field("quantity")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TRIP_ITEM_QUANTITY}
          className="trip-quantity-field"
        />
      </div>
      <TextArea
        label={t("trips.itemNotesLabel")}
        {...form.field("pickupNotes")}
        placeholder={t("trips.itemNotesPlaceholder")}
        rows={2}
      />
      <IfUnavailableChoice
        name="ifUnavailable"
        value={form.values.ifUnavailable}
        onChange={(choice) => form.set("ifUnavailable", choice)}
      />
      {asksForPhone(form.values.ifUnavailable, profilePhone) && (
        <AskFirstPhoneField {...form.field("phone")} id={FIELD_IDS.phone} />
      )}
      <Button needsNetwork type="submit" busy={busy} className="btn-block">
        {busy ? t("trips.adding") : t("trips.addButton")}
      </Button>
    </form>
  );
}
