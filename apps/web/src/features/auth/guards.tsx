import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Button, Card, Spinner } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useOnline } from "../../lib/online";
import { useAuth } from "./AuthProvider";

/** Logged-out visitors go to /login?redirect=<where they were>, and come back after signing in. */
export function RequireAuth() {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  const online = useOnline();
  if (loading) return online ? <Spinner /> : <OfflineNotice />;
  if (!user && signedOut) return <Navigate to="/login" replace />;
  // The hash too: "Manage notifications" in an e-mail leads to /profile#notifications.
  if (!user)
    return (
      <Navigate
        to={`/login?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`}
        replace
      />
    );
  return <Outlet />;
}

/** Opened without a network and nothing known yet: said plainly, rather than an endless spinner or old data. */
function OfflineNotice() {
  const t = useT();
  return (
    <div className="page page-narrow">
      <Card className="offline-notice">
        <h1>{t("common.offlineTitle")}</h1>
        <p>{t("common.offlineText")}</p>
      </Card>
    </div>
  );
}

export function RequireAdmin() {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const firstEntry = useLocation().key === "default";
  if (!user?.isAdmin) {
    // Going back must stay in the app: with nothing of this site behind this page (a new tab, a link from
    // elsewhere), Go Back goes home instead. The Navigation API lists only this site's entries; without
    // it, the router's first entry ("default" key) stands for "opened here".
    const goBack = () => {
      const entry = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation?.currentEntry;
      const openedHere = entry ? entry.index <= 0 : firstEntry;
      return openedHere ? navigate("/") : navigate(-1);
    };
    return (
      <div className="page page-narrow">
        <Card className="access-denied">
          <h1>{t("common.accessDeniedTitle")}</h1>
          <p>{t("common.accessDeniedText")}</p>
          <Button variant="secondary" onClick={() => void goBack()}>
            {t("common.goBack")}
          </Button>
        </Card>
      </div>
    );
  }
  return <Outlet />;
}

/** Only a same-site path may be a redirect target (no open redirects). */
export function safeRedirect(target: string | null, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
