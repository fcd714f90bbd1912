import type { MessageId } from "@hyn/i18n/catalogs";
import type { EmailFrequency } from "@hyn/validators/rules";
import { useId } from "react";
import { useT } from "../../i18n/useT";
import { formatDateTime, type Time } from "../../lib/dates";
import "./account.css";

/**
 * The profile's frequency (PRODUCT "Screens": the three choices, in this order, with these labels, and
 * Weekly after Never, issue 41): when new requests reach the person in every group that follows the
 * profile. Part of the profile's form: a choice is kept until Save Preferences (ProfileEdits.tsx).
 */
const CHOICES: { value: EmailFrequency; label: MessageId<"profile">; hint: MessageId<"profile"> }[] = [
  { value: "disabled", label: "profile.frequencyNever", hint: "profile.frequencyNeverHint" },
  { value: "weekly", label: "profile.frequencyWeekly", hint: "profile.frequencyWeeklyHint" },
  { value: "daily", label: "profile.frequencyDaily", hint: "profile.frequencyDailyHint" },
  { value: "immediate", label: "profile.frequencyImmediate", hint: "profile.frequencyImmediateHint" },
];

/** What the fieldset says under each summary's choice: when the last one went, or that none has. */
const LAST_SENT = {
  daily: { sent: "profile.lastDailySent", none: "profile.noDailySent" },
  weekly: { sent: "profile.lastWeeklySent", none: "profile.noWeeklySent" },
} as const satisfies Partial<Record<EmailFrequency, { sent: MessageId<"profile">; none: MessageId<"profile"> }>>;

export function EmailPreferencesFieldset({
  value,
  lastDailySent,
  lastWeeklySent,
  onChange,
}: {
  value: EmailFrequency;
  /** When the last daily summary went out; undefined while unknown. */
  lastDailySent: Time | null | undefined;
  /** When the last weekly summary went out; undefined while unknown. */
  lastWeeklySent: Time | null | undefined;
  /** `from`: the radio chosen. */
  onChange: (frequency: EmailFrequency, from: HTMLInputElement) => void;
}) {
  const t = useT();
  const baseId = useId();
  const chosen = value;
  // Under a summary's choice, when the last one went.
  const summary = chosen === "daily" || chosen === "weekly" ? chosen : null;
  const lastSent = summary === "daily" ? lastDailySent : lastWeeklySent;
  return (
    <fieldset className="choice-fieldset">
      <legend className="choice-legend">{t("profile.frequencyLegend")}</legend>
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
                checked={chosen === choice.value}
                onChange={(e) => onChange(choice.value, e.target)}
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
      {summary && lastSent !== undefined && (
        <p className="last-digest" data-testid={`last-${chosen}-sent`}>
          {lastSent ? t(LAST_SENT[summary].sent, { date: formatDateTime(lastSent) }) : t(LAST_SENT[summary].none)}
        </p>
      )}
    </fieldset>
  );
}
