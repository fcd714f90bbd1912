import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { Link, useLocation } from "react-router";
import { useToast } from "../components/Toasts";
import { safeRedirect } from "../features/auth/guards";
import { ResendConfirmationButton } from "../features/account/ResendConfirmationButton";
import { StatusView } from "../features/account/StatusView";
import { usePageTitle } from "../lib/usePageTitle";
import { richText } from "../i18n/richText";
import { useT } from "../i18n/useT";

/** Navigation state is untyped (anyone can push anything): read only what is a string. */
function stateString(state: unknown, key: "email" | "redirect"): string | null {
  const value = (state as Record<string, unknown> | null)?.[key];
  return typeof value === "string" && value ? value : null;
}

export default function VerifyEmailPage() {
  const t = useT();
  usePageTitle(t("auth.verifyTitle"));
  const location = useLocation();
  const toast = useToast();
  const email = stateString(location.state, "email");
  const redirect = safeRedirect(stateString(location.state, "redirect"));
  const loginPath = redirect === "/" ? "/login" : `/login?redirect=${encodeURIComponent(redirect)}`;

  return (
    <StatusView tone="info" title={t("auth.verifyHeading")}>
      {email ? (
        <p>
          {richText((values) => t("auth.verifySentTo", values), {
            email: <strong className="status-email">{email}</strong>,
          })}
        </p>
      ) : (
        <p>{t("auth.verifySent")}</p>
      )}
      <div className="status-actions">
        <ResendConfirmationButton
          email={email}
          label={t("auth.verifyResendButton")}
          onSent={(to) => toast.success(t("auth.verifyResent", { email: to }))}
          onError={toast.error}
        />
        <Link to={loginPath} className="btn btn-secondary">
          {t("auth.goToLogin")}
        </Link>
      </div>
      <div className="status-help">
        <h2>{t("auth.verifyHelpHeading")}</h2>
        <ul>
          <li>{t("auth.checkSpam")}</li>
          {/* Opened without an address (a bookmark, a new tab), there is no address above to check. */}
          <li>{email ? t("auth.verifyCheckAddress") : t("auth.verifyCheckInbox")}</li>
          <li>{t("auth.verifyLinkExpires", { hours: AUTH_LINK_VALIDITY_HOURS })}</li>
        </ul>
      </div>
    </StatusView>
  );
}
