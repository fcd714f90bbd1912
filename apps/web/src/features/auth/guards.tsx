import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { Button, Card, Spinner } from "../../components/ui";
import { useAuth } from "./AuthProvider";

/** Logged-out visitors go to /login?redirect=<where they were>, and come back after signing in. */
export function RequireAuth() {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (!user && signedOut) return <Navigate to="/login" replace />;
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { user } = useAuth();
  const navigate = useNavigate();
  // The router's first entry ("default" key) has no page of this app behind it (a new tab, a typed
  // address): going back would leave the app, so Go Back goes home instead.
  const openedHere = useLocation().key === "default";
  if (!user?.isAdmin) {
    return (
      <div className="page page-narrow">
        <Card className="access-denied">
          <h1>Access Denied</h1>
          <p>You don&apos;t have administrator privileges to access this page.</p>
          <Button variant="secondary" onClick={() => (openedHere ? navigate("/") : navigate(-1))}>
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
