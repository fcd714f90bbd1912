import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { messages } from "@hyn/validators/messages";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert, Button, Card, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { NewPasswordFields, newPasswordProblem } from "../features/account/NewPasswordFields";
import { StatusView } from "../features/account/StatusView";
import { useStartSession } from "../features/account/useStartSession";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";

/** SPEC §9: the dashboard follows a successful reset after 2 seconds. */
const REDIRECT_AFTER_MS = 2000;

export default function ResetPasswordPage() {
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const toast = useToast();
  const startSession = useStartSession();
  // Checked once: after the reset the token is spent, and a refetch must not turn success into "invalid".
  const [done, setDone] = useState(false);
  const check = trpc.auth.checkResetToken.useQuery(
    { token },
    { enabled: token !== "" && !done, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
  );
  const complete = trpc.auth.completePasswordReset.useMutation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [linkSpent, setLinkSpent] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/", { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm, messages.passwordTooShortLong);
    if (problem === messages.passwordsDoNotMatch) {
      // Already shown under the field; take the user there.
      (event.currentTarget.elements.namedItem("confirm-new-password") as HTMLInputElement | null)?.focus();
      return setError(null);
    }
    setError(problem);
    if (problem) return;
    try {
      const result = await complete.mutateAsync({ token, password });
      startSession(result.user);
      setDone(true);
    } catch (e) {
      const message = errorMessage(e, "Failed to update password");
      // Shown once, as the toast (SPEC §8, issue 17); a spent link also turns the page into the invalid-link view.
      toast.error(message);
      if (message === messages.resetLinkInvalid) setLinkSpent(true);
    }
  }

  if (done) {
    return (
      <StatusView tone="success" title="Password updated" takeFocus>
        <p>Your new password is saved and you are signed in. Taking you to your dashboard…</p>
        <div className="status-actions">
          <Link to="/" replace className="btn btn-primary">
            Go to Dashboard now
          </Link>
        </div>
      </StatusView>
    );
  }

  if (!token || linkSpent || check.data?.valid === false) {
    return (
      <StatusView tone="error" title="This reset link can't be used" takeFocus={linkSpent}>
        {/* After a refused submit the toast already says this. */}
        {!linkSpent && <Alert>{messages.resetLinkInvalid}</Alert>}
        <p>Reset links work once and expire after {AUTH_LINK_VALIDITY_HOURS} hours. You can ask for a new one.</p>
        <div className="status-actions">
          <Link to="/forgot-password" className="btn btn-primary">
            Request a new reset link
          </Link>
          <Link to="/login" className="btn btn-secondary">
            Back to Login
          </Link>
        </div>
      </StatusView>
    );
  }

  if (check.isError) {
    return (
      <StatusView tone="error" title="Error validating reset link">
        <p>We couldn&apos;t check your reset link just now. Please try again.</p>
        <div className="status-actions">
          <Button onClick={() => void check.refetch()} busy={check.isFetching}>
            Try again
          </Button>
        </div>
      </StatusView>
    );
  }

  if (check.isPending) {
    return (
      <div className="page page-narrow">
        <Card className="auth-card" aria-busy="true">
          <h1>Reset your password</h1>
          <Spinner label="Checking your reset link…" />
        </Card>
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <Card className="auth-card">
        <h1>Choose a new password</h1>
        <p className="subtitle">Other devices signed in to your account will be signed out.</p>
        {error && <Alert>{error}</Alert>}
        <form onSubmit={submit} noValidate>
          <NewPasswordFields password={password} confirm={confirm} onPasswordChange={(value) => (setPassword(value), setError(null))} onConfirmChange={(value) => (setConfirm(value), setError(null))} autoFocus />
          <Button type="submit" className="btn-block" busy={complete.isPending}>
            {complete.isPending ? "Updating…" : "Update Password"}
          </Button>
        </form>
      </Card>
    </div>
  );
}
