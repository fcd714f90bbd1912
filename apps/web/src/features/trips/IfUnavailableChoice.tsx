import { IF_UNAVAILABLE_CHOICES, type IfUnavailable } from "@hyn/validators/rules";
import { useT } from "../../i18n/useT";
import { IF_UNAVAILABLE_LABELS } from "./trip-texts";

/** "If it is not there": skip it, a similar one is fine (the default), or ask me first. */
export function IfUnavailableChoice({
  value,
  onChange,
  name,
}: {
  value: IfUnavailable;
  onChange: (value: IfUnavailable) => void;
  name: string;
}) {
  const t = useT();
  return (
    <fieldset className="trip-if-unavailable">
      <legend>{t("trips.ifUnavailableLegend")}</legend>
      {IF_UNAVAILABLE_CHOICES.map((choice) => (
        <label key={choice} className="radio">
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          <span>{t(IF_UNAVAILABLE_LABELS[choice])}</span>
        </label>
      ))}
    </fieldset>
  );
}
