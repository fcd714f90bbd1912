import { isEmail } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, TextField } from "../components/ui";
import { useToast } from "../components/Toasts";
import { useAuth } from "../features/auth/AuthProvider";
import { rememberAfterConfirm } from "../features/account/afterConfirmRedirect";
import { NewPasswordFields, newPasswordProblem } from "../features/account/NewPasswordFields";
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
  // An e-mail invitation opened signed out fills in the address it was sent to (JoinPage, issue 27).
  const [email, setEmail] = useState(() => params.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [addressTaken, setAddressTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const redirect = safeRedirect(params.get("redirect"));
  // The e-mail invitation it came from (JoinPage, issue 43): for its own address, sign-up needs no second e-mail.
  const inviteToken = params.get("invite") ?? undefined;

  if (user && !busy) return <Navigate to={redirect} replace />;

  // Sent here by an expired confirmation link, or the address is taken (perhaps never confirmed): a new
  // link is offered. The server answers the same for any address, so this reveals nothing new.
  const offerResend = (location.state as { offerResend?: unknown } | null)?.offerResend === true || addressTaken;
  const typedEmail = email.trim();

  /** A changed field makes the last error (and the last resend note) stale. */
  const edit = (apply: (value: string) => void, value: string) => {
    apply(value);
    setError(null);
    setResendNote(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAddressTaken(false);
    if (!email.trim() || !password || !confirm) return setError(errorText("fillAllFields"));
    if (!isEmail(email.trim())) return setError(errorText("enterValidEmail"));
    const problem = newPasswordProblem(password, confirm, "passwordTooShort");
    if (problem === "passwordsDoNotMatch") {
      // Already shown live under the field; take the user there instead of repeating it.
      (event.currentTarget.elements.namedItem("confirm-new-password") as HTMLInputElement | null)?.focus();
      return setError(null);
    }
    setError(problem && errorText(problem));
    if (problem) return;
    setBusy(true);
    try {
      const result = await signUp({
        email: email.trim(),
        password,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(inviteToken ? { inviteToken } : {}),
      });
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
          <TextField
            label={t("auth.nameOptional")}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => edit(setName, e.target.value)}
            autoFocus
          />
          <TextField
            label={t("auth.email")}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => edit(setEmail, e.target.value)}
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPasswordChange={(value) => edit(setPassword, value)}
            onConfirmChange={(value) => edit(setConfirm, value)}
            passwordLabel={t("auth.password")}
            confirmLabel={t("auth.confirmPassword")}
          />
          <Button type="submit" className="btn-block" busy={busy}>
            {busy ? t("auth.creatingAccount") : t("auth.signUpButton")}
          </Button>
        </form>
        <p className="auth-links">
          {t("auth.haveAccount")}{" "}
          <Link to={`/login${params.get("redirect") ? `?redirect=${encodeURIComponent(redirect)}` : ""}`}>
            {t("auth.logInLink")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
