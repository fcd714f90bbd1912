import { Link, useLocation } from "react-router";
import { StatusView } from "../features/account/StatusView";
import { usePageTitle } from "../lib/usePageTitle";

export default function NotFoundPage() {
  usePageTitle("Page not found");
  const { pathname } = useLocation();
  return (
    <StatusView tone="info" icon="?" title="Page not found">
      <p>
        There is nothing at <code>{pathname}</code>. The link may be mistyped, or the page may have moved.
      </p>
      <div className="status-actions">
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>
        <Link to="/about" className="btn btn-secondary">
          About Help Your Neighbor
        </Link>
      </div>
    </StatusView>
  );
}
