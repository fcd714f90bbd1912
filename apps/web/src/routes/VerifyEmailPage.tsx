import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { Link, useLocation } from "react-router";
import { useToast } from "../components/Toasts";
import { safeRedirect } from "../features/auth/guards";
import { ResendConfirmationButton } from "../features/account/ResendConfirmationButton";
import { StatusView } from "../features/account/StatusView";
import { usePageTitle } from "../lib/usePageTitle";

/** Navigation state is untyped (anyone can push anything): read only what is a string. */
function stateString(state: unknown, key: "email" | "redirect"): string | null {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === "string" && value ? value : null;
}

export default function VerifyEmailPage() {
  usePageTitle("Check your email");
  const location = useLocation();
  const toast = useToast();
  const email = stateString(location.state, "email");
  const redirect = safeRedirect(stateString(location.state, "redirect"));
  const loginPath = redirect === "/" ? "/login" : `/login?redirect=${encodeURIComponent(redirect)}`;

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
        <ResendConfirmationButton
          email={email}
          label="Resend Email"
          onSent={(to) => toast.success(`A new confirmation link has been sent to ${to}.`)}
          onError={toast.error}
        />
        <Link to={loginPath} className="btn btn-secondary">
          Go to Login
        </Link>
      </div>
      <div className="status-help">
        <h2>Didn&apos;t get it?</h2>
        <ul>
          <li>Check your spam or junk folder.</li>
          {/* Opened without an address (a bookmark, a new tab), there is no address above to check. */}
          <li>{email ? "Make sure the address above is the one you signed up with." : "Look in the inbox of the address you signed up with."}</li>
          <li>The link expires in {AUTH_LINK_VALIDITY_HOURS} hours; resend it if it has.</li>
        </ul>
      </div>
    </StatusView>
  );
}
