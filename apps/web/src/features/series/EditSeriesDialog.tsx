import type { IfUnavailable } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Alert, Button, Loading, Modal, TextArea, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorText } from "../../i18n/errorText";
import { useT } from "../../i18n/useT";
import { formatDateTime } from "../../lib/dates";
import { errorMessage, trpc } from "../../lib/trpc";
import { IfUnavailableField } from "../requests/IfUnavailableField";
import { personName } from "../requests/request-rules";
import { endOfDateInput } from "../requests/request-form";
import { editFromSeries, seriesChanges, type SeriesEditErrors, type SeriesEditValues } from "./series-edit";
import { focusFirstError } from "../../components/focus-first-error";

const FORM_ID = "edit-series-form";
const FIELD_IDS = { itemDescription: "edit-series-item", until: "edit-series-until" } as const;

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
  const query = trpc.requestSeries.byId.useQuery({ id: seriesId }, { enabled: open });
  const series = query.data;
  const [draft, setDraft] = useState<SeriesEditValues | null>(null);
  const [errors, setErrors] = useState<SeriesEditErrors>({});
  const [busy, setBusy] = useState(false);
  const values = draft ?? (series ? editFromSeries(series) : null);

  function set<K extends keyof SeriesEditValues>(field: K, value: SeriesEditValues[K]) {
    setDraft((d) => ({ ...(d ?? values!), [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function close() {
    if (!busy) onClose();
  }

  function cancel() {
    if (busy) return;
    setDraft(null);
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !series || !values) return;
    const { errors: found, changes } = seriesChanges(values, endOfDateInput);
    setErrors(found);
    if (!changes) {
      focusFirstError(FIELD_IDS, found);
      return;
    }
    setBusy(true);
    try {
      const saved = await utils.client.requestSeries.update.mutate({ id: series.id, ...changes });
      utils.requestSeries.byId.setData({ id: series.id }, saved);
      void utils.requests.invalidate();
      setDraft(null);
      setErrors({});
      toast.success(t("asking.seriesSaved", { item: saved.itemDescription }));
      onClose();
    } catch (error) {
      // Said once, as the toast; the dialog stays open with what was typed.
      toast.error(errorMessage(error, t("asking.seriesSaveFailed")));
    } finally {
      setBusy(false);
    }
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
        <form id={FORM_ID} onSubmit={submit} noValidate className="request-form">
          <Alert type="info">{startsWith}</Alert>
          <TextField
            id={FIELD_IDS.itemDescription}
            label={t("asking.itemLabel")}
            name="itemDescription"
            value={values.itemDescription}
            onChange={(e) => set("itemDescription", e.target.value)}
            maxLength={500}
            autoFocus
            required
            error={errors.itemDescription && errorText(errors.itemDescription)}
          />
          <TextField
            label={t("asking.storeLabel")}
            name="storePreference"
            value={values.storePreference}
            onChange={(e) => set("storePreference", e.target.value)}
            placeholder={t("asking.storePlaceholder")}
            maxLength={200}
          />
          <TextArea
            label={t("asking.notesLabel")}
            name="pickupNotes"
            value={values.pickupNotes}
            onChange={(e) => set("pickupNotes", e.target.value)}
            placeholder={t("asking.notesPlaceholder")}
            maxLength={1000}
            rows={3}
          />
          <IfUnavailableField
            name="editSeriesIfUnavailable"
            value={values.ifUnavailable}
            onChange={(choice: IfUnavailable) => set("ifUnavailable", choice)}
          />
          <div className="field">
            <p data-testid="series-every">
              <strong>{t("asking.repeatLabel")}:</strong> {t(`asking.repeat_${series.every}`)}
            </p>
            <p className="field-hint">{t("asking.seriesEveryFixed")}</p>
          </div>
          <TextField
            id={FIELD_IDS.until}
            label={t("asking.repeatUntilLabel")}
            name="repeatUntil"
            type="date"
            value={values.until}
            onChange={(e) => set("until", e.target.value)}
            error={errors.until && errorText(errors.until)}
          />
        </form>
      )}
    </Modal>
  );
}

export default EditSeriesDialog;
