import type { MessageKey } from "@hyn/validators/messages";
import { MIN_PASSWORD_LENGTH } from "@hyn/validators/rules";
import { TextField } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";

/**
 * The first problem with a new password and its confirmation, or null. A mismatch is already shown
 * live under the confirmation field, so callers need not repeat it. A message key: show it through
 * `errorText`.
 */
export function newPasswordProblem(password: string, confirm: string, tooShortMessage: MessageKey): MessageKey | null {
  if (!password || !confirm) return "fillAllFields";
  if (password.length < MIN_PASSWORD_LENGTH) return tooShortMessage;
  if (password !== confirm) return "passwordsDoNotMatch";
  return null;
}

/** New password and its confirmation, with the live match indicator of SPEC §2 Sign Up. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  passwordLabel,
  confirmLabel,
  autoFocus = false,
}: {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordLabel?: string;
  confirmLabel?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const mismatch = confirm.length > 0 && confirm !== password;
  const matches = confirm.length > 0 && confirm === password;
  return (
    <>
      <TextField
        label={passwordLabel ?? t("auth.newPassword")}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        hint={t("auth.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        autoFocus={autoFocus}
      />
      <TextField
        label={confirmLabel ?? t("auth.confirmNewPassword")}
        type="password"
        name="confirm-new-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        error={mismatch ? errorText("passwordsDoNotMatch") : null}
        hint={
          matches ? (
            <span className="field-ok" role="status">
              {t("auth.passwordsMatch")}
            </span>
          ) : undefined
        }
      />
    </>
  );
}
