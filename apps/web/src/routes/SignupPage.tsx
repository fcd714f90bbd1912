import { isEmail, MIN_PASSWORD_LENGTH } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, TextField } from "../components/ui";
import { useToast } from "../components/Toasts";
import { useAuth } from "../features/auth/AuthProvider";
import { rememberAfterConfirm } from "../features/account/afterConfirmRedirect";
import { ResendConfirmationButton } from "../features/account/ResendConfirmationButton";
import { safeRedirect } from "../features/auth/guards";
import { errorKey, errorMessage } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";

export default function SignupPage() {
  const t = useT();
  usePageTitle(t("auth.signupTitle"));
  const { user, signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const toast = useToast();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [addressTaken, setAddressTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const redirect = safeRedirect(params.get("redirect"));

  if (user && !busy) return <Navigate to={redirect} replace />;

  // Sent here by an expired confirmation link, or the address is taken (perhaps never confirmed): a new
  // link is offered. The server answers the same for any address, so this reveals nothing new.
  const offerResend = (location.state as { offerResend?: unknown } | null)?.offerResend === true || addressTaken;
  const typedEmail = email.trim();

  /** A changed field makes the last error (and the last resend note) stale. */
  const edited = (apply: (value: string) => void) => (event: { target: { value: string } }) => {
    apply(event.target.value);
    setError(null);
    setResendNote(null);
  };

  const mismatch = confirm.length > 0 && confirm !== password;
  const matches = confirm.length > 0 && confirm === password;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAddressTaken(false);
    if (!email.trim() || !password || !confirm) return setError(errorText("fillAllFields"));
    if (!isEmail(email.trim())) return setError(errorText("enterValidEmail"));
    if (password.length < MIN_PASSWORD_LENGTH) return setError(errorText("passwordTooShort"));
    if (password !== confirm) {
      // Already shown live under the field; take the user there instead of repeating it.
      (event.currentTarget.elements.namedItem("confirmPassword") as HTMLInputElement | null)?.focus();
      return setError(null);
    }
    setError(null);
    setBusy(true);
    try {
      const result = await signUp({ email: email.trim(), password, ...(name.trim() ? { name: name.trim() } : {}) });
      if (result.session) {
        void navigate(redirect, { replace: true });
      } else {
        rememberAfterConfirm(result.user.email, redirect);
        void navigate("/verify-email", { state: { email: result.user.email, redirect } });
      }
    } catch (e) {
      // Shown once, as the toast (PRODUCT "Errors", issue 17); the form keeps only its own checks inline.
      const message = errorMessage(e, t("auth.signupFailed"));
      toast.error(message);
      setAddressTaken(errorKey(e) === "userAlreadyExists");
      setBusy(false);
    }
  }

  return (
    <div className="page page-narrow">
      <Card className="auth-card">
        <h1>{t("auth.signupHeading")}</h1>
        <p className="subtitle">{t("auth.signupSubtitle")}</p>
        {error && <Alert>{error}</Alert>}
        {offerResend && (
          <div className="alert alert-info resend-offer">
            <p>{t("auth.signupResendIntro")}</p>
            <ResendConfirmationButton
              email={isEmail(typedEmail) ? typedEmail : null}
              missingEmailMessage={errorText("enterValidEmail")}
              label={t("auth.signupResendButton")}
              variant="secondary"
              className="btn-small"
              onSent={(to) => setResendNote(t("auth.signupResendSent", { email: to }))}
              onError={setResendNote}
            />
            {resendNote && <p role="status">{resendNote}</p>}
          </div>
        )}
        <form onSubmit={submit} noValidate>
          <TextField label={t("auth.nameOptional")} name="name" autoComplete="name" value={name} onChange={edited(setName)} autoFocus />
          <TextField label={t("auth.email")} type="email" name="email" autoComplete="email" value={email} onChange={edited(setEmail)} />
          <TextField
            label={t("auth.password")}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={edited(setPassword)}
            hint={t("auth.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          />
          <TextField
            label={t("auth.confirmPassword")}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={edited(setConfirm)}
            error={mismatch ? errorText("passwordsDoNotMatch") : null}
            hint={
              matches ? (
                <span className="field-ok" role="status">
                  {t("auth.passwordsMatch")}
                </span>
              ) : undefined
            }
          />
          <Button type="submit" className="btn-block" busy={busy}>
            {busy ? t("auth.creatingAccount") : t("auth.signUpButton")}
          </Button>
        </form>
        <p className="auth-links">
          {t("auth.haveAccount")} <Link to={`/login${params.get("redirect") ? `?redirect=${encodeURIComponent(redirect)}` : ""}`}>{t("auth.logInLink")}</Link>
        </p>
      </Card>
    </div>
  );
}
