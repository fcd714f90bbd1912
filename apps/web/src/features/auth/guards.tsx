import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Button, Card, Spinner } from "../../components/ui";
import { useOnline } from "../../lib/online";
import { useAuth } from "./AuthProvider";

/** Logged-out visitors go to /login?redirect=<where they were>, and come back after signing in. */
export function RequireAuth() {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  const online = useOnline();
  if (loading) return online ? <Spinner /> : <OfflineNotice />;
  if (!user && signedOut) return <Navigate to="/login" replace />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

/** Opened without a network and nothing known yet: said plainly, rather than an endless spinner or old data. */
function OfflineNotice() {
  return (
    <div className="page page-narrow">
      <Card className="offline-notice">
        <h1>You are offline</h1>
        <p>Your groups and requests will show here as soon as you are back online.</p>
      </Card>
    </div>
  );
}

export function RequireAdmin() {
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
          <h1>Access Denied</h1>
          <p>You don&apos;t have administrator privileges to access this page.</p>
          <Button variant="secondary" onClick={() => void goBack()}>
            Go Back
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
