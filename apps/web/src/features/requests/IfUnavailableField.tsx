import type { MessageId } from "@hyn/i18n/catalogs";
import { IF_UNAVAILABLE_CHOICES, type IfUnavailable } from "@hyn/validators/rules";
import { useId } from "react";
import { useT } from "../../i18n/useT";
import "./asking.css";

/** Each choice's name (also on the card, so in `requests`) and what it means for the helper (`asking`). */
export const IF_UNAVAILABLE_TEXTS: Record<IfUnavailable, { label: MessageId<"requests">; hint: MessageId<"asking"> }> =
  {
    skip: { label: "requests.ifUnavailable_skip", hint: "asking.ifUnavailableHint_skip" },
    similar: { label: "requests.ifUnavailable_similar", hint: "asking.ifUnavailableHint_similar" },
    ask: { label: "requests.ifUnavailable_ask", hint: "asking.ifUnavailableHint_ask" },
  };

/**
 * "If it is not there" (issue 28): skip it, a similar one is fine (the default), or ask me first. A radio group
 * with a hint per choice, for any form that asks for an item (a new request, a trip's item).
 */
export function IfUnavailableField({
  value,
  onChange,
  name = "ifUnavailable",
}: {
  value: IfUnavailable;
  onChange: (value: IfUnavailable) => void;
  name?: string;
}) {
  const t = useT();
  const baseId = useId();
  return (
    <fieldset className="asking-fieldset">
      <legend className="asking-legend">{t("asking.ifUnavailableLegend")}</legend>
      <div className="asking-choices">
        {IF_UNAVAILABLE_CHOICES.map((choice) => {
          const id = `${baseId}-${choice}`;
          return (
            <div className="asking-choice" key={choice}>
              <input
                type="radio"
                id={id}
                name={name}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                aria-describedby={`${id}-hint`}
              />
              <div>
                <label htmlFor={id}>{t(IF_UNAVAILABLE_TEXTS[choice].label)}</label>
                <div id={`${id}-hint`} className="field-hint">
                  {t(IF_UNAVAILABLE_TEXTS[choice].hint)}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
