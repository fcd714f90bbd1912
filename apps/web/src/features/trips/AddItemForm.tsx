import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_PICKUP_NOTES_LENGTH } from "@hyn/validators/policy";
import { IF_UNAVAILABLE_DEFAULT, type IfUnavailable } from "@hyn/validators/rules";
import { stripMarkup } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Button, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorText } from "../../i18n/errorText";
import { useT } from "../../i18n/useT";
import { errorKey, errorMessage, trpc } from "../../lib/trpc";
import { IfUnavailableChoice } from "./IfUnavailableChoice";

const ITEM_ID = "trip-item";
const QUANTITY_ID = "trip-item-quantity";

/** The server's refusals about a field of this form, said under it (everything typed is kept). */
const FIELD_OF_KEY = {
  itemDescriptionRequired: "item",
  itemDescriptionTooLong: "item",
  tripQuantityInvalid: "quantity",
} as const;

/**
 * Add an item to a trip (PRODUCT "Trips on screen"): the item, how many, notes, and what to do if it is not there. It
 * becomes a request of the viewer's, claimed by the tripper at once.
 */
export function AddItemForm({ tripId, onAdded }: { tripId: string; onAdded: () => void }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [item, setItem] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [notes, setNotes] = useState("");
  const [ifUnavailable, setIfUnavailable] = useState<IfUnavailable>(IF_UNAVAILABLE_DEFAULT);
  const [errors, setErrors] = useState<{ item?: string; quantity?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const description = stripMarkup(item);
    const count = Number(quantity);
    const found: typeof errors = {};
    if (description === "") found.item = errorText("itemDescriptionRequired");
    if (!Number.isInteger(count) || count < 1 || count > 99) found.quantity = errorText("tripQuantityInvalid");
    setErrors(found);
    if (found.item) return document.getElementById(ITEM_ID)?.focus();
    if (found.quantity) return document.getElementById(QUANTITY_ID)?.focus();
    setBusy(true);
    try {
      const added = await utils.client.trips.addItem.mutate({
        tripId,
        itemDescription: description,
        quantity: count,
        pickupNotes: stripMarkup(notes) || null,
        ifUnavailable,
      });
      toast.success(t("trips.added", { item: added.itemDescription }));
      setItem("");
      setQuantity("1");
      setNotes("");
      setIfUnavailable(IF_UNAVAILABLE_DEFAULT);
      onAdded();
      document.getElementById(ITEM_ID)?.focus();
    } catch (error) {
      const key = errorKey(error);
      const field = key && key in FIELD_OF_KEY ? FIELD_OF_KEY[key as keyof typeof FIELD_OF_KEY] : undefined;
      if (field && key) {
        setErrors({ [field]: errorText(key as keyof typeof FIELD_OF_KEY) });
        document.getElementById(field === "item" ? ITEM_ID : QUANTITY_ID)?.focus();
      } else {
        toast.error(errorMessage(error, t("trips.addFailed")));
        // The trip may have closed meanwhile: show it as it is now.
        onAdded();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card trip-add-item" onSubmit={submit} noValidate aria-labelledby="trip-add-item-title">
      <h2 id="trip-add-item-title">{t("trips.addItemTitle")}</h2>
      <div className="trip-add-item-row">
        <TextField
          id={ITEM_ID}
          label={t("trips.itemLabel")}
          name="itemDescription"
          value={item}
          onChange={(e) => (setItem(e.target.value), setErrors((x) => ({ ...x, item: undefined })))}
          placeholder={t("trips.itemPlaceholder")}
          maxLength={MAX_ITEM_DESCRIPTION_LENGTH}
          autoComplete="off"
          required
          error={errors.item}
          className="trip-item-field"
        />
        <TextField
          id={QUANTITY_ID}
          label={t("trips.quantityLabel")}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={quantity}
          onChange={(e) => (setQuantity(e.target.value), setErrors((x) => ({ ...x, quantity: undefined })))}
          error={errors.quantity}
          className="trip-quantity-field"
        />
      </div>
      <TextArea
        label={t("trips.itemNotesLabel")}
        name="pickupNotes"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        placeholder={t("trips.itemNotesPlaceholder")}
        maxLength={MAX_PICKUP_NOTES_LENGTH}
        rows={2}
      />
      <IfUnavailableChoice name="ifUnavailable" value={ifUnavailable} onChange={setIfUnavailable} />
      <Button needsNetwork type="submit" busy={busy} className="btn-block">
        {busy ? t("trips.adding") : t("trips.addButton")}
      </Button>
    </form>
  );
}
