import { MAX_REPORT_NOTE_LENGTH, REPORT_CATEGORIES, type ReportCategory } from "@hyn/validators/policy";
import { useId, useState, type FormEvent } from "react";
import { Button, Modal } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";
import "./moderation.css";

/** What is being reported: a request (in its group), or a member of a group the reporter shares. */
export type ReportSubject =
  | { kind: "request"; requestId: string; groupId: string }
  | { kind: "member"; userId: string; groupId: string; name: string };

export const CATEGORY_LABELS = {
  spam: "moderation.category_spam",
  offensive: "moderation.category_offensive",
  unsafe: "moderation.category_unsafe",
  not_allowed: "moderation.category_not_allowed",
  other: "moderation.category_other",
} as const satisfies Record<ReportCategory, string>;

/**
 * The report dialog (PRODUCT "Reporting"): a category (radios) and an optional note with its counter.
 * The reporter is thanked by a toast; nothing is shown to the person reported.
 */
export function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const id = useId();
  const report = trpc.reports.create.useMutation();
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!category) {
      setMissing(true);
      return;
    }
    try {
      await report.mutateAsync({
        subject: subject.kind === "request" ? { requestId: subject.requestId } : { userId: subject.userId },
        groupId: subject.groupId,
        category,
        note: note.trim() === "" ? null : note,
      });
      toast.success(t("moderation.thanks"));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t("moderation.failed")));
      onClose();
    }
  }

  const title =
    subject.kind === "request"
      ? t("moderation.reportRequestTitle")
      : t("moderation.reportMemberTitle", { name: subject.name });
  return (
    <Modal title={title} open onClose={onClose}>
      <form className="report-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted small">{t("moderation.intro")}</p>
        <fieldset aria-describedby={missing ? `${id}-missing` : undefined} aria-invalid={missing || undefined}>
          <legend>{t("moderation.categoryLegend")}</legend>
          {REPORT_CATEGORIES.map((value) => (
            <label className="radio" key={value}>
              <input
                type="radio"
                name={`${id}-category`}
                value={value}
                checked={category === value}
                onChange={() => {
                  setCategory(value);
                  setMissing(false);
                }}
              />
              <span>{t(CATEGORY_LABELS[value])}</span>
            </label>
          ))}
          {missing && (
            <p id={`${id}-missing`} className="field-error" role="alert">
              {t("moderation.chooseCategory")}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>{t("moderation.noteLabel")}</label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={MAX_REPORT_NOTE_LENGTH}
            value={note}
            aria-describedby={`${id}-counter`}
            onChange={(e) => setNote(e.target.value)}
          />
          <p id={`${id}-counter`} className="field-hint report-counter" aria-live="polite">
            {t("moderation.noteCounter", { count: note.length, max: MAX_REPORT_NOTE_LENGTH })}
          </p>
        </div>
        <div className="modal-footer">
          <Button type="button" variant="secondary" onClick={onClose} disabled={report.isPending}>
            {t("common.cancel")}
          </Button>
          <Button needsNetwork type="submit" variant="danger" busy={report.isPending}>
            {t("moderation.send")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
