import { Link, useLocation } from "react-router";
import { Button } from "../components/ui";
import { useToast } from "../components/Toasts";
import { safeRedirect } from "../features/auth/guards";
import { StatusView } from "../features/account/StatusView";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";

const NO_EMAIL = "No email address found. Please try signing up again.";

/** Navigation state is untyped (anyone can push anything): read only what is a string. */
function stateString(state: unknown, key: "email" | "redirect"): string | null {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === "string" && value ? value : null;
}

export default function VerifyEmailPage() {
  usePageTitle("Check your email");
  const location = useLocation();
  const toast = useToast();
  const resend = trpc.auth.resendConfirmation.useMutation();
  const email = stateString(location.state, "email");
  const redirect = safeRedirect(stateString(location.state, "redirect"));
  const loginPath = redirect === "/" ? "/login" : `/login?redirect=${encodeURIComponent(redirect)}`;

  async function resendEmail() {
    if (!email) return toast.error(NO_EMAIL);
    try {
      await resend.mutateAsync({ email });
      toast.success(`A new confirmation link has been sent to ${email}.`);
    } catch (e) {
      toast.error(errorMessage(e, "Failed to resend email"));
    }
  }

  return (
    <StatusView tone="info" title="Check Your Email">
      {email ? (
        <p>
          We sent a confirmation link to
          <strong className="status-email">{email}</strong>
          Open it to finish creating your account.
        </p>
      ) : (
        <p>We sent you a confirmation link. Open it to finish creating your account.</p>
      )}
      <div className="status-actions">
        <Button variant="primary" onClick={resendEmail} busy={resend.isPending}>
          {resend.isPending ? "Sending…" : "Resend Email"}
        </Button>
        <Link to={loginPath} className="btn btn-secondary">
          Go to Login
        </Link>
      </div>
      <div className="status-help">
        <h2>Didn&apos;t get it?</h2>
        <ul>
          <li>Check your spam or junk folder.</li>
          <li>Make sure the address above is the one you signed up with.</li>
          <li>The link expires in 24 hours; resend it if it has.</li>
        </ul>
      </div>
    </StatusView>
  );
}
