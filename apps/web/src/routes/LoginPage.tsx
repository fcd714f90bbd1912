import { isEmail } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, TextField } from "../components/ui";
import { useToast } from "../components/Toasts";
import { useAuth } from "../features/auth/AuthProvider";
import { DemoAccounts } from "../features/auth/DemoAccounts";
import { SuspendedAccount } from "../features/account/SuspendedAccount";
import { safeRedirect } from "../features/auth/guards";
import { errorKey, errorMessage } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";

export default function LoginPage() {
  const t = useT();
  usePageTitle(t("auth.loginTitle"));
  const { user, signIn } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  // "Log In as …" on an invitation for another address fills that address in (JoinPage, issue 27).
  const [email, setEmail] = useState(() => params.get("email") ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [suspended, setSuspended] = useState(false);
  const [busy, setBusy] = useState(false);
  const redirect = safeRedirect(params.get("redirect"));

  if (user && !busy) return <Navigate to={redirect} replace />;

  /** A changed field makes the last error stale. */
  function clearError() {
    setError(null);
    setUnconfirmed(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setUnconfirmed(false);
    if (!email.trim() || !password) return setError(errorText("fillAllFields"));
    if (!isEmail(email.trim())) return setError(errorText("enterValidEmail"));
    await logIn(email.trim(), password);
  }

  async function logIn(address: string, secret: string) {
    setError(null);
    setBusy(true);
    try {
      await signIn({ email: address, password: secret });
      void navigate(redirect, { replace: true });
    } catch (e) {
      setBusy(false);
      // A suspended account gets a page that stays, saying how to reach the admins (issue 43 §3).
      if (errorKey(e) === "accountSuspended") return setSuspended(true);
      const message = errorMessage(e, t("auth.loginFailed"));
      // Shown once, as the toast (PRODUCT "Errors", issue 17); only the way to a new link stays by the form.
      toast.error(message);
      setUnconfirmed(errorKey(e) === "emailNotConfirmed");
    }
  }

  if (suspended) return <SuspendedAccount onBack={() => (setSuspended(false), setPassword(""))} />;

  return (
    <div className="page page-narrow">
      <p className="auth-tagline">
        {t("auth.tagline")} <Link to="/about">{t("auth.taglineAbout")}</Link>
        <span aria-hidden="true"> · </span>
        <Link to={`/signup${params.get("redirect") ? `?redirect=${encodeURIComponent(redirect)}` : ""}`}>
          {t("auth.taglineSignUp")}
        </Link>
      </p>
      <Card className="auth-card">
        <h1>{t("auth.loginHeading")}</h1>
        <p className="subtitle">{t("auth.loginSubtitle")}</p>
        {error && <Alert>{error}</Alert>}
        {unconfirmed && (
          <Alert type="info">
            <Link to="/verify-email" state={{ email: email.trim() }}>
              {t("auth.resendConfirmationLink")}
            </Link>
          </Alert>
        )}
        <DemoAccounts
          onUse={(demoEmail, demoPassword) => {
            // A sample account signs in at once; the form shows what was used (issue 30).
            setEmail(demoEmail);
            setPassword(demoPassword);
            void logIn(demoEmail, demoPassword);
          }}
        />
        <form onSubmit={submit} noValidate>
          <TextField
            label={t("auth.email")}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => (setEmail(e.target.value), clearError())}
            autoFocus
          />
          <TextField
            label={t("auth.password")}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => (setPassword(e.target.value), clearError())}
          />
          <div className="row" style={{ justifyContent: "flex-end", marginTop: -8, marginBottom: 16 }}>
            <Link to="/forgot-password" className="small">
              {t("auth.forgotPasswordLink")}
            </Link>
          </div>
          <Button needsNetwork type="submit" className="btn-block" busy={busy}>
            {busy ? t("auth.loggingIn") : t("auth.logInButton")}
          </Button>
        </form>
        <p className="auth-links">
          {t("auth.newHere")}{" "}
          <Link to={`/signup${params.get("redirect") ? `?redirect=${encodeURIComponent(redirect)}` : ""}`}>
            {t("auth.createAccountLink")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
