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

const FIELD_IDS = { itemDescription: "trip-item", quantity: "trip-item-quantity" } as const;
type Field = keyof typeof FIELD_IDS;

/** The server's refusals about a field of this form, said under it (everything typed is kept). */
const FIELD_OF_KEY: Partial<Record<ErrorKey, Field>> = {
  itemDescriptionRequired: "itemDescription",
  itemDescriptionTooLong: "itemDescription",
  tripQuantityInvalid: "quantity",
};

interface ItemValues {
  itemDescription: string;
  quantity: string;
  pickupNotes: string;
  ifUnavailable: IfUnavailable;
}
const EMPTY: ItemValues = {
  itemDescription: "",
  quantity: "1",
  pickupNotes: "",
  ifUnavailable: IF_UNAVAILABLE_DEFAULT,
};

function validate(values: ItemValues) {
  const itemDescription = stripMarkup(values.itemDescription);
  const quantity = Number(values.quantity);
  const errors: FormErrors<Field> = {};
  if (itemDescription === "") errors.itemDescription = "itemDescriptionRequired";
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_TRIP_ITEM_QUANTITY)
    errors.quantity = "tripQuantityInvalid";
  const input = {
    itemDescription,
    quantity,
    pickupNotes: stripMarkup(values.pickupNotes) || null,
    ifUnavailable: values.ifUnavailable,
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
  const form = useForm({
    initial: EMPTY,
    ids: FIELD_IDS,
    maxLengths: { itemDescription: MAX_ITEM_DESCRIPTION_LENGTH, pickupNotes: MAX_PICKUP_NOTES_LENGTH },
    validate,
    send: async (input) => {
      const added = await utils.client.trips.addItem.mutate({ tripId, ...input });
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
      <Button needsNetwork type="submit" busy={busy} className="btn-block">
        {busy ? t("trips.adding") : t("trips.addButton")}
      </Button>
    </form>
  );
}
