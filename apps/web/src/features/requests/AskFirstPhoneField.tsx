import { TextField } from "../../components/ui";
import { useT } from "../../i18n/useT";

/**
 * The phone asked for beside "Ask me first" when the profile has none (issue 43 §5), on the new request, the
 * trip's item and the repeating request's edit: it says why, and that it is saved to the profile.
 */
export function AskFirstPhoneField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <TextField
      id={id}
      name="phone"
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      label={t("asking.askFirstPhoneLabel")}
      hint={t("asking.askFirstPhoneHint")}
      value={value}
      onChange={onChange}
      error={error}
      required
    />
  );
}
