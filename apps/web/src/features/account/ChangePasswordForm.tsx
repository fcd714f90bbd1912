import type { MessageKey } from "@hyn/validators/messages";
import { useState, type FormEvent } from "react";
import { Alert, Button, Card, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorText } from "../../i18n/errorText";
import { errorMessage, trpc } from "../../lib/trpc";
import { NewPasswordFields, newPasswordProblem } from "./NewPasswordFields";
import "./account.css";

/**
 * Signed-in password change; the server ends every other session of the account. It asks for the
 * current password, except in the minutes after a reset link signed this browser in (PRODUCT
 * "Changing the password").
 */
export function ChangePasswordForm() {
  const t = useT();
  const toast = useToast();
  const updatePassword = trpc.auth.updatePassword.useMutation();
  const passwordChange = trpc.auth.passwordChange.useQuery();
  // Asked for until the server says otherwise, so a slow answer never hides it.
  const currentRequired = passwordChange.data?.currentPasswordRequired ?? true;
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<MessageKey | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      currentRequired && !currentPassword ? "fillAllFields" : newPasswordProblem(password, confirm, "passwordTooShort");
    if (problem === "passwordsDoNotMatch") {
      (event.currentTarget.elements.namedItem("confirm-new-password") as HTMLInputElement | null)?.focus();
      return setError(null);
    }
    setError(problem);
    if (problem) return;
    try {
      await updatePassword.mutateAsync(currentRequired ? { password, currentPassword } : { password });
      setCurrentPassword("");
      setPassword("");
      setConfirm("");
      toast.success(t("profile.passwordChanged"));
    } catch (e) {
      const message = errorMessage(e, t("profile.updatePasswordFailed"));
      toast.error(message);
    }
  }

  return (
    <Card className="settings-section">
      <h2 id="change-password-heading">{t("profile.changePasswordTitle")}</h2>
      <p className="section-intro">{t("profile.changePasswordIntro")}</p>
      {error && <Alert>{errorText(error)}</Alert>}
      <form onSubmit={submit} noValidate aria-labelledby="change-password-heading">
        {currentRequired && (
          <TextField
            label={t("profile.currentPassword")}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => (setCurrentPassword(e.target.value), setError(null))}
          />
        )}
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={(value) => (setPassword(value), setError(null))}
          onConfirmChange={(value) => (setConfirm(value), setError(null))}
        />
        <div className="form-actions">
          <Button needsNetwork type="submit" variant="secondary" busy={updatePassword.isPending}>
            {updatePassword.isPending ? t("profile.changingPassword") : t("profile.changePasswordButton")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
