import type { EmailFrequency } from "@hyn/validators/rules";
import { useId } from "react";
import { Alert, Button, Spinner } from "../../components/ui";
import { formatDateTime } from "../../lib/dates";
import type { RouterOutputs } from "../../lib/trpc";

type EmailPreferences = RouterOutputs["user"]["emailPreferences"];

export const LOAD_PREFERENCES_FAILED = "Failed to load email preferences";

/** SPEC §2 Profile Settings: the three choices, in this order, with these labels. */
const CHOICES: { value: EmailFrequency; label: string; hint: string }[] = [
  { value: "disabled", label: "Never", hint: "No e-mails about requests. You can still see everything in the app." },
  { value: "daily", label: "Daily Summary (8 AM)", hint: "One e-mail each morning with what happened in your groups." },
  { value: "immediate", label: "Immediate Notifications", hint: "An e-mail as soon as something happens in your groups." },
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
  const baseId = useId();
  return (
    <fieldset className="choice-fieldset" aria-busy={loading || undefined}>
      <legend className="visually-hidden">Email notification frequency</legend>
      {loading ? (
        <Spinner label="Loading your email preferences…" />
      ) : failed || !saved ? (
        <Alert>
          {LOAD_PREFERENCES_FAILED}.{" "}
          <Button variant="secondary" className="btn-small" onClick={onRetry} busy={retrying}>
            Try again
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
                    <label htmlFor={id}>{choice.label}</label>
                    <div id={`${id}-hint`} className="field-hint">
                      {choice.hint}
                    </div>
                  </div>
                </div>
              );
            })}
          </div>
          {value === "daily" && (
            <p className="last-digest" data-testid="last-daily-sent">
              {saved.lastDailySent ? `Last daily summary sent ${formatDateTime(saved.lastDailySent)}.` : "No daily summary sent yet."}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
