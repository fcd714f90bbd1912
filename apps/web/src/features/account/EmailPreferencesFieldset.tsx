import type { MessageId } from "@hyn/i18n/catalogs";
import type { EmailFrequency } from "@hyn/validators/rules";
import { useId, useState } from "react";
import { useT } from "../../i18n/useT";
import { formatDateTime, type Time } from "../../lib/dates";
import "./account.css";

/**
 * The profile's frequency (PRODUCT "Screens": the three choices, in this order, with these labels, and
 * Weekly after Never, issue 41): when new requests reach the person in every group that follows the
 * profile. It saves when chosen.
 */
const CHOICES: { value: EmailFrequency; label: MessageId<"profile">; hint: MessageId<"profile"> }[] = [
  { value: "disabled", label: "profile.frequencyNever", hint: "profile.frequencyNeverHint" },
  { value: "weekly", label: "profile.frequencyWeekly", hint: "profile.frequencyWeeklyHint" },
  { value: "daily", label: "profile.frequencyDaily", hint: "profile.frequencyDailyHint" },
  { value: "immediate", label: "profile.frequencyImmediate", hint: "profile.frequencyImmediateHint" },
];

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
  onChange: (frequency: EmailFrequency) => void;
}) {
  const t = useT();
  const baseId = useId();
  // The choice shows as made at once, in the click's own render: a controlled radio would otherwise
  // snap back to the saved value until the cache's update arrives a tick later. A new saved value wins.
  const [chosen, setChosen] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setChosen(value);
  }
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
                onChange={() => {
                  setChosen(choice.value);
                  onChange(choice.value);
                }}
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
      {chosen === "daily" && lastDailySent !== undefined && (
        <p className="last-digest" data-testid="last-daily-sent">
          {lastDailySent
            ? t("profile.lastDailySent", { date: formatDateTime(lastDailySent) })
            : t("profile.noDailySent")}
        </p>
      )}
      {chosen === "weekly" && lastWeeklySent !== undefined && (
        <p className="last-digest" data-testid="last-weekly-sent">
          {lastWeeklySent
            ? t("profile.lastWeeklySent", { date: formatDateTime(lastWeeklySent) })
            : t("profile.noWeeklySent")}
        </p>
      )}
    </fieldset>
  );
}
