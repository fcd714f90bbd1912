import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { isEmail } from "@hyn/validators/rules";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button, Card, TextField } from "../components/ui";
import { useToast } from "../components/Toasts";
import { StatusView } from "../features/account/StatusView";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { richText } from "../i18n/richText";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";

export default function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t("auth.forgotTitle"));
  const toast = useToast();
  const requestReset = trpc.auth.requestPasswordReset.useMutation();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError(errorText("enterYourEmail"));
    if (!isEmail(address)) return setError(errorText("enterValidEmail"));
    setError(null);
    try {
      await requestReset.mutateAsync({ email: address });
      setSentTo(address);
    } catch (e) {
      toast.error(errorMessage(e, t("auth.forgotFailed")));
    }
  }

  if (sentTo) {
    // The same words whether or not the address has an account (DESIGN §6).
    return (
      <StatusView tone="success" title={t("auth.forgotSentHeading")} takeFocus>
        <p>
          {richText((values) => t("auth.forgotSentTo", { ...values, hours: AUTH_LINK_VALIDITY_HOURS }), {
            email: <strong className="status-email">{sentTo}</strong>,
          })}
        </p>
        <div className="status-actions">
          <Link to="/login" className="btn btn-primary">
            {t("auth.backToLoginButton")}
          </Link>
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            {t("auth.useDifferentEmail")}
          </Button>
        </div>
        <div className="status-help">
          <h2>{t("auth.forgotHelpHeading")}</h2>
          <ul>
            <li>{t("auth.checkSpam")}</li>
            <li>{t("auth.forgotTakesMinute")}</li>
          </ul>
        </div>
      </StatusView>
    );
  }

  return (
    <div className="page page-narrow">
      <Card className="auth-card">
        <h1>{t("auth.forgotHeading")}</h1>
        <p className="subtitle">{t("auth.forgotSubtitle")}</p>
        <form onSubmit={submit} noValidate>
          <TextField
            label={t("auth.email")}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => (setEmail(e.target.value), setError(null))}
            error={error}
            autoFocus
          />
          <Button type="submit" className="btn-block" busy={requestReset.isPending}>
            {requestReset.isPending ? t("auth.sending") : t("auth.sendResetLink")}
          </Button>
        </form>
        <p className="auth-links">
          {t("auth.rememberedIt")} <Link to="/login">{t("auth.backToLoginLink")}</Link>
        </p>
      </Card>
    </div>
  );
}
