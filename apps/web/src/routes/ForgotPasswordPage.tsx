import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { isEmail } from "@hyn/validators/rules";
import { useState } from "react";
import { Link } from "react-router";
import { Button, Card, TextField } from "../components/ui";
import { StatusView } from "../features/account/StatusView";
import { trpc } from "../lib/trpc";
import { useForm } from "../components/form/useForm";
import { usePageTitle } from "../lib/usePageTitle";
import { richText } from "../i18n/richText";
import { useT } from "../i18n/useT";

const FIELD_IDS = { email: "forgot-password-email" } as const;

export default function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t("auth.forgotTitle"));
  const utils = trpc.useUtils();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: "" },
    ids: FIELD_IDS,
    validate: ({ email }) => {
      const address = email.trim();
      const error = !address ? "enterYourEmail" : !isEmail(address) ? "enterValidEmail" : null;
      return error ? { errors: { email: error }, input: null } : { errors: {}, input: { email: address } };
    },
    send: async (input) => {
      await utils.client.auth.requestPasswordReset.mutate(input);
      setSentTo(input.email);
    },
    // "Use a different email" comes back to the address as typed.
    keepValues: true,
    failureText: t("auth.forgotFailed"),
  });

  if (sentTo) {
    // The same words whether or not the address has an account: no one learns who has one.
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
        <form onSubmit={form.submit} noValidate>
          <TextField label={t("auth.email")} {...form.field("email")} type="email" autoComplete="email" autoFocus />
          <Button type="submit" className="btn-block" busy={form.busy}>
            {form.busy ? t("auth.sending") : t("auth.sendResetLink")}
          </Button>
        </form>
        <p className="auth-links">
          {t("auth.rememberedIt")} <Link to="/login">{t("auth.backToLoginLink")}</Link>
        </p>
      </Card>
    </div>
  );
}
