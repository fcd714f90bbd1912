import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { NewPasswordFields, newPasswordProblem } from "../features/account/NewPasswordFields";
import { StatusView } from "../features/account/StatusView";
import { useStartSession } from "../features/account/useStartSession";
import { errorKey, errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";

/** PRODUCT "Screens": the dashboard follows a successful reset after 2 seconds. */
const REDIRECT_AFTER_MS = 2000;

export default function ResetPasswordPage() {
  const t = useT();
  usePageTitle(t("auth.resetTitle"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const toast = useToast();
  const startSession = useStartSession();
  // Checked once: after the reset the token is spent, and a refetch must not turn success into "invalid".
  const [done, setDone] = useState(false);
  const check = trpc.auth.checkResetToken.useQuery(
    { token },
    {
      enabled: token !== "" && !done,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    },
  );
  const complete = trpc.auth.completePasswordReset.useMutation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Refused on submit: the link is spent, and the page says whether it was used or is no good at all.
  const [refusedAs, setRefusedAs] = useState<"resetLinkInvalid" | "resetLinkUsed" | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate("/", { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm, "passwordTooShortLong");
    if (problem === "passwordsDoNotMatch") {
      // Already shown under the field; take the user there.
      (event.currentTarget.elements.namedItem("confirm-new-password") as HTMLInputElement | null)?.focus();
      return setError(null);
    }
    setError(problem && errorText(problem));
    if (problem) return;
    try {
      const result = await complete.mutateAsync({ token, password });
      startSession(result.user);
      setDone(true);
    } catch (e) {
      // Shown once, as the toast (PRODUCT "Errors", issue 17); a spent link also turns the page into the invalid-link view.
      toast.error(errorMessage(e, t("auth.updatePasswordFailed")));
      const key = errorKey(e);
      if (key === "resetLinkInvalid" || key === "resetLinkUsed") setRefusedAs(key);
    }
  }

  if (done) {
    return (
      <StatusView tone="success" title={t("auth.resetDoneHeading")} takeFocus>
        <p>{t("auth.resetDoneText")}</p>
        <div className="status-actions">
          <Link to="/" replace className="btn btn-primary">
            {t("auth.goToDashboardNow")}
          </Link>
        </div>
      </StatusView>
    );
  }

  if (!token || refusedAs || check.data?.valid === false) {
    const used = refusedAs ? refusedAs === "resetLinkUsed" : check.data?.used === true;
    return (
      <StatusView
        tone="error"
        title={t(used ? "auth.resetUsedHeading" : "auth.resetInvalidHeading")}
        takeFocus={refusedAs !== null}
      >
        {/* After a refused submit the toast already says this. */}
        {!refusedAs && <Alert>{errorText(used ? "resetLinkUsed" : "resetLinkInvalid")}</Alert>}
        <p>{t("auth.resetInvalidText", { hours: AUTH_LINK_VALIDITY_HOURS })}</p>
        <div className="status-actions">
          <Link to="/forgot-password" className="btn btn-primary">
            {t("auth.requestNewResetLink")}
          </Link>
          <Link to="/login" className="btn btn-secondary">
            {t("auth.backToLoginButton")}
          </Link>
        </div>
      </StatusView>
    );
  }

  if (check.isError) {
    return (
      <StatusView tone="error" title={t("auth.resetCheckErrorHeading")}>
        <p>{t("auth.resetCheckErrorText")}</p>
        <div className="status-actions">
          <Button onClick={() => void check.refetch()} busy={check.isFetching}>
            {t("auth.tryAgain")}
          </Button>
        </div>
      </StatusView>
    );
  }

  if (check.isPending) {
    return (
      <div className="page page-narrow">
        <Card className="auth-card" aria-busy="true">
          <h1>{t("auth.resetHeading")}</h1>
          <Spinner label={t("auth.resetChecking")} />
        </Card>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <Card className="auth-card">
        <h1>{t("auth.resetChooseHeading")}</h1>
        <p className="subtitle">{t("auth.resetChooseSubtitle")}</p>
        {error && <Alert>{error}</Alert>}
        <form onSubmit={submit} noValidate>
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPasswordChange={(value) => (setPassword(value), setError(null))}
            onConfirmChange={(value) => (setConfirm(value), setError(null))}
            autoFocus
          />
          <Button needsNetwork type="submit" className="btn-block" busy={complete.isPending}>
            {complete.isPending ? t("auth.updating") : t("auth.updatePassword")}
          </Button>
        </form>
      </Card>
    </div>
  );
}
