import { messages } from "@hyn/validators/messages";
import { MIN_PASSWORD_LENGTH } from "@hyn/validators/rules";
import { TextField } from "../../components/ui";

/**
 * The first problem with a new password and its confirmation, or null. A mismatch is already shown
 * live under the confirmation field, so callers need not repeat it.
 */
export function newPasswordProblem(password: string, confirm: string, tooShortMessage: string): string | null {
  if (!password || !confirm) return messages.fillAllFields;
  if (password.length < MIN_PASSWORD_LENGTH) return tooShortMessage;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  return null;
}

/** New password and its confirmation, with the live match indicator of SPEC §2 Sign Up. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  passwordLabel = "New password",
  confirmLabel = "Confirm new password",
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
  const mismatch = confirm.length > 0 && confirm !== password;
  const matches = confirm.length > 0 && confirm === password;
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Very common passwords are refused.`}
        autoFocus={autoFocus}
      />
      <TextField
        label={confirmLabel}
        type="password"
        name="confirm-new-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        error={mismatch ? messages.passwordsDoNotMatch : null}
        hint={
          matches ? (
            <span className="field-ok" role="status">
              ✓ Passwords match
            </span>
          ) : undefined
        }
      />
    </>
  );
}
