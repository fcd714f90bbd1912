import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, Button, Spinner } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { RecentOwnChanges } from "../features/requests/live-announcements";
import { displayStatusOf, requestPermissions } from "../features/requests/request-rules";
import { RequestCard } from "../features/requests/RequestCard";
import type { RequestView } from "../features/requests/types";
import { useRequestActions } from "../features/requests/useRequestActions";
import { useServerNow } from "../features/requests/useServerNow";
import { useOnline } from "../lib/online";
import { errorStatus, trpc, type CurrentUser } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/requests/requests.css";

/** While the page is open, the request is read again this often (and on returning to the tab). */
const REFRESH_MS = 30_000;
const NO_LISTS: readonly (readonly RequestView[])[] = [];

/**
 * One request, opened from a notification (issue 16): "I can help" focused when the viewer can claim
 * it, "Mark fulfilled" and "Unclaim" for its helper, and a plain sentence when it is taken or gone.
 * Behind RequireAuth, so a signed-out neighbour logs in and comes back here.
 */
export default function RequestPage() {
  const { user } = useAuth();
  const { id = "" } = useParams();
  if (!user) return <Spinner />;
  // A new id is a new page: the claim button's focus and the one-off states start again.
  return <OneRequest key={id} id={id} viewer={user} />;
}

function OneRequest({ id, viewer }: { id: string; viewer: CurrentUser }) {
  const online = useOnline();
  const navigate = useNavigate();
  const query = trpc.requests.byId.useQuery({ id }, { refetchInterval: REFRESH_MS });
  const [own] = useState(() => new RecentOwnChanges());
  const actions = useRequestActions(own);
  const request = query.data;
  const lists = useMemo(() => (request ? [[request]] : NO_LISTS), [request]);
  const now = useServerNow(0, lists);
  usePageTitle(request ? request.itemDescription : "Request");

  if (!request) {
    // 404: deleted, or not in the viewer's groups; 400: an id no request could have.
    const status = errorStatus(query.error);
    if (query.isError && (status === 404 || status === 400)) {
      return (
        <RequestPageFrame>
          <Alert type="info">
            <strong>This request is no longer available.</strong> It may have been deleted, or you are no longer in its group.
          </Alert>
        </RequestPageFrame>
      );
    }
    if (query.isError) {
      return (
        <RequestPageFrame>
          <Alert>
            This request could not be loaded.{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Alert>
        </RequestPageFrame>
      );
    }
    if (!online) {
      return (
        <RequestPageFrame>
          <Alert type="warning">You are offline. This request will show as soon as you are back online.</Alert>
        </RequestPageFrame>
      );
    }
    return <Spinner label="Loading the request…" />;
  }

  return (
    <RequestPageFrame>
      <RequestState request={request} viewerId={viewer.id} now={now} />
      <RequestCard request={request} viewerId={viewer.id} now={now} actions={actions} focusClaim onRemoved={() => void navigate("/", { replace: true })} />
    </RequestPageFrame>
  );
}

function RequestPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="page page-narrow request-page">
      <p className="small">
        <Link to="/">← Back to the dashboard</Link>
      </p>
      <h1 className="request-page-title">Request</h1>
      {children}
    </div>
  );
}

/** Where the request stands for this viewer, in one sentence above the card. */
function RequestState({ request, viewerId, now }: { request: RequestView; viewerId: string; now: Date }) {
  const status = displayStatusOf(request, now);
  const isOwner = request.userId === viewerId;
  if (requestPermissions(request, viewerId, now).canClaim) {
    return <p className="request-page-lead">Can you help? Press “I can help” to claim it; {request.creator.name.trim() || "your neighbour"} will see that you are on it.</p>;
  }
  if (request.status === "claimed" && request.claimedBy === viewerId) {
    return <Alert type="success">You are helping with this request. Mark it fulfilled once it is done, or unclaim it if you cannot help after all.</Alert>;
  }
  if (status === "claimed") {
    const helper = request.helper?.name.trim() || "A neighbour";
    return <Alert type="info">{isOwner ? `${helper} is helping with your request.` : `This request has already been claimed: ${helper} is helping.`}</Alert>;
  }
  if (status === "fulfilled") return <Alert type="info">This request has been fulfilled.</Alert>;
  if (status === "expired") return <Alert type="info">This request has expired: its needed-by time has passed.</Alert>;
  return null;
}
