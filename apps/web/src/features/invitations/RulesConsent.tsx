import { errorText } from "../../i18n/errorText";
import { useT } from "../../i18n/useT";

/**
 * PRODUCT "Group rules": the box a person ticks to accept a group's rules before joining it, with the
 * rules-specific refusal when they try without. The join page and the pending-invitations list share it.
 */
export function RulesConsent({
  id,
  checked,
  missing,
  onChange,
}: {
  id: string;
  checked: boolean;
  /** They tried to join without ticking it: the refusal shows until they do. */
  missing: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  const showError = missing && !checked;
  return (
    <>
      <label className="switch-row" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          required
          checked={checked}
          aria-invalid={showError}
          aria-describedby={showError ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t("sharing.acceptGroupRules")}</span>
      </label>
      {showError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errorText("groupRulesNotAccepted")}
        </p>
      )}
    </>
  );
}
