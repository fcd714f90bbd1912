import type { EmailFrequency } from "@hyn/validators/rules";
import { useId } from "react";
import { Alert, Button, Spinner } from "../../components/ui";
import type { MessageId } from "@hyn/i18n/catalogs";
import { useT } from "../../i18n/useT";
import { formatDateTime } from "../../lib/dates";
import type { RouterOutputs } from "../../lib/trpc";

type EmailPreferences = RouterOutputs["user"]["emailPreferences"];

/** The profile's e-mail frequency (PRODUCT "Screens"): the three choices, in this order, with these labels. */
const CHOICES: { value: EmailFrequency; label: MessageId<"profile">; hint: MessageId<"profile"> }[] = [
  { value: "disabled", label: "profile.frequencyNever", hint: "profile.frequencyNeverHint" },
  { value: "daily", label: "profile.frequencyDaily", hint: "profile.frequencyDailyHint" },
  { value: "immediate", label: "profile.frequencyImmediate", hint: "profile.frequencyImmediateHint" },
];

export function EmailPreferencesFieldset({
  value,
  saved,
  loading,
  failed,
  retrying,
  onRetry,
  onChange,
}: {
  value: EmailFrequency | undefined;
  saved: EmailPreferences | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  onChange: (frequency: EmailFrequency) => void;
}) {
  const t = useT();
  const baseId = useId();
  return (
    <fieldset className="choice-fieldset" aria-busy={loading || undefined}>
      <legend className="visually-hidden">{t("profile.frequencyLegend")}</legend>
      {loading ? (
        <Spinner label={t("profile.loadingPreferences")} />
      ) : failed || !saved ? (
        <Alert>
          {t("profile.loadPreferencesFailedAlert")}{" "}
          <Button variant="secondary" className="btn-small" onClick={onRetry} busy={retrying}>
            {t("profile.tryAgain")}
          </Button>
        </Alert>
      ) : (
        <>
          <div className="choice-list">
            {CHOICES.map((choice) => {
              const id = `${baseId}-${choice.value}`;
              return (
                <div className="choice" key={choice.value}>
                  <input
                    type="radio"
                    id={id}
                    name="email-frequency"
                    value={choice.value}
                    checked={value === choice.value}
                    onChange={() => onChange(choice.value)}
                    aria-describedby={`${id}-hint`}
                  />
                  <div>
                    <label htmlFor={id}>{t(choice.label)}</label>
                    <div id={`${id}-hint`} className="field-hint">
                      {t(choice.hint)}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
          {value === "daily" && (
            <p className="last-digest" data-testid="last-daily-sent">
              {saved.lastDailySent
                ? t("profile.lastDailySent", { date: formatDateTime(saved.lastDailySent) })
                : t("profile.noDailySent")}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
