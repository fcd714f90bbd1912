import {
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_PICKUP_NOTES_LENGTH,
  MAX_STORE_PREFERENCE_LENGTH,
} from "@hyn/validators/policy";
import { IF_UNAVAILABLE_DEFAULT, type IfUnavailable } from "@hyn/validators/rules";
import { Alert, Button, Loading, Modal, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { formatDateTime } from "../../lib/dates";
import { trpc } from "../../lib/trpc";
import { IfUnavailableField } from "../requests/IfUnavailableField";
import { personName } from "../requests/request-rules";
import { endOfDateInput } from "../requests/request-form";
import { editFromSeries, seriesChanges, type SeriesEditValues } from "./series-edit";
import { useForm } from "../../components/form/useForm";
import { useAuth } from "../auth/AuthProvider";
import { asksForPhone } from "../requests/ask-first-phone";
import { AskFirstPhoneField } from "../requests/AskFirstPhoneField";

const FORM_ID = "edit-series-form";
const FIELD_IDS = {
  itemDescription: "edit-series-item",
  phone: "edit-series-phone",
  until: "edit-series-until",
} as const;
/** What the form holds before the series comes (it shows a spinner then). */
const NOTHING_YET: SeriesEditValues = {
  itemDescription: "",
  storePreference: "",
  pickupNotes: "",
  ifUnavailable: IF_UNAVAILABLE_DEFAULT,
  until: "",
  untilAsLoaded: "",
  firstNeededBy: new Date(0),
  phone: "",
};

/**
 * "Edit repeating request" (issue 28 §2): what is asked for, from the next occurrence a helper has not taken on, and
 * when it ends. Loaded when first opened (the request page's first download does not carry it). The draft lives
 * while the page does, so a refused save or an Escape loses nothing; Cancel and a save start it again.
 */
export function EditSeriesDialog({
  seriesId,
  open,
  onClose,
}: {
  seriesId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const { user, setUser } = useAuth();
  // "Ask me first" needs a phone: asked for beside it while the profile has none (issue 43 §5).
  const profilePhone = user?.phone ?? null;
  const query = trpc.requestSeries.byId.useQuery({ id: seriesId }, { enabled: open });
  const series = query.data;
  // The draft lives in the form while the page does; until the first change it is the series as loaded.
  const form = useForm({
    initial: series ? editFromSeries(series) : NOTHING_YET,
    ids: FIELD_IDS,
    maxLengths: {
      itemDescription: MAX_ITEM_DESCRIPTION_LENGTH,
      storePreference: MAX_STORE_PREFERENCE_LENGTH,
      pickupNotes: MAX_PICKUP_NOTES_LENGTH,
    },
    validate: (values) => {
      const { errors, changes } = seriesChanges(values, endOfDateInput, profilePhone);
      return { errors, input: changes };
    },
    send: async (changes) => {
      const saved = await utils.client.requestSeries.update.mutate({ id: seriesId, ...changes });
      utils.requestSeries.byId.setData({ id: seriesId }, saved);
      if (changes.phone && user) setUser({ ...user, phone: changes.phone });
      void utils.requests.invalidate();
      toast.success(t("asking.seriesSaved", { item: saved.itemDescription }));
      onClose();
    },
    // Every refusal is said once, as the toast; the dialog stays open with what was typed.
    failureText: t("asking.seriesSaveFailed"),
  });
  const { busy } = form;
  const values = series ? form.values : null;

  function close() {
    if (!busy) onClose();
  }

  function cancel() {
    if (busy) return;
    form.reset();
    onClose();
  }

  const current = series?.current ?? null;
  const taken = current !== null && current.status === "claimed";
  const startsWith = !current
    ? t("asking.seriesStartsLater")
    : taken
      ? t("asking.seriesStartsAfterTaken", {
          helper: personName(current.helper?.name ?? ""),
          when: formatDateTime(current.neededBy),
        })
      : t("asking.seriesStartsNext", { when: formatDateTime(current.neededBy) });

  return (
    <Modal
      title={t("asking.seriesEdit")}
      open={open}
      onClose={close}
      footer={
        values && (
          <>
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              {t("asking.cancel")}
            </Button>
            <Button type="submit" needsNetwork form={FORM_ID} busy={busy}>
              {busy ? t("asking.seriesSaving") : t("asking.seriesSave")}
            </Button>
          </>
        )
      }
    >
      {!values || !series ? (
        query.isError ? (
          <Alert>
            {t("asking.seriesLoadFailed")}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void query.refetch()}>
              {t("requests.retry")}
            </Button>
          </Alert>
        ) : (
          <Loading label={t("asking.seriesLoading")} />
        )
      ) : (
        <form id={FORM_ID} onSubmit={form.submit} noValidate className="request-form">
          <Alert type="info">{startsWith}</Alert>
          <TextField label={t("asking.itemLabel")} {...form.field("itemDescription")} autoFocus required />
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
            name="editSeriesIfUnavailable"
            value={values.ifUnavailable}
            onChange={(choice: IfUnavailable) => form.set("ifUnavailable", choice)}
          />
          {asksForPhone(values.ifUnavailable, profilePhone) && (
            <AskFirstPhoneField {...form.field("phone")} id={FIELD_IDS.phone} />
          )}
          <div className="field">
            <p data-testid="series-every">
              <strong>{t("asking.repeatLabel")}:</strong> {t(`asking.repeat_${series.every}`)}
            </p>
            <p className="field-hint">{t("asking.seriesEveryFixed")}</p>
          </div>
          <TextField label={t("asking.repeatUntilLabel")} {...form.field("until")} name="repeatUntil" type="date" />
        </form>
      )}
    </Modal>
  );
}

export default EditSeriesDialog;
