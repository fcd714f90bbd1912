import { useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, Button, Spinner } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { RecentOwnChanges } from "../features/requests/live-announcements";
import { displayStatusOf, personName, requestPermissions } from "../features/requests/request-rules";
import { RequestCard } from "../features/requests/RequestCard";
import { ClaimContact } from "../features/requests/ClaimContact";
import { ReportButton } from "../features/moderation/ReportButton";
import { SeriesPanel } from "../features/series/SeriesPanel";
import type { RequestView } from "../features/requests/types";
import { useRequestActions } from "../features/requests/useRequestActions";
import { useServerNow } from "../features/requests/useServerNow";
import { useT } from "../i18n/useT";
import { useOnline } from "../lib/online";
import { errorStatus, trpc, type CurrentUser } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/requests/requests.css";
import "../features/requests/asking.css";

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
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const query = trpc.requests.byId.useQuery({ id }, { refetchInterval: REFRESH_MS });
  const [own] = useState(() => new RecentOwnChanges());
  const actions = useRequestActions(own);
  const request = query.data;
  const lists = useMemo(() => (request ? [[request]] : NO_LISTS), [request]);
  const now = useServerNow(0, lists);
  usePageTitle(request ? request.itemDescription : t("request.requestTitle"));

  if (!request) {
    // 404: deleted, or not in the viewer's groups; 400: an id no request could have.
    const status = errorStatus(query.error);
    if (query.isError && (status === 404 || status === 400)) {
      return (
        <RequestPageFrame>
          <Alert type="info">
            <strong>{t("request.unavailable")}</strong> {t("request.unavailableReason")}
          </Alert>
        </RequestPageFrame>
      );
    }
    if (query.isError) {
      return (
        <RequestPageFrame>
          <Alert>
            {t("request.loadRequestFailed")}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void query.refetch()}>
              {t("requests.retry")}
            </Button>
          </Alert>
        </RequestPageFrame>
      );
    }
    if (!online) {
      return (
        <RequestPageFrame>
          <Alert type="warning">{t("request.offline")}</Alert>
        </RequestPageFrame>
      );
    }
    return <Spinner label={t("request.loadingRequest")} />;
  }

  return (
    <RequestPageFrame>
      <RequestState request={request} viewerId={viewer.id} now={now} />
      <ClaimContact request={request} viewerId={viewer.id} />
      <RequestCard
        request={request}
        viewerId={viewer.id}
        now={now}
        actions={actions}
        focusClaim
        onRemoved={() => void navigate("/", { replace: true })}
        // The skipped week is gone: the page moves to the next one, or to the dashboard when none is posted yet.
        onSkipped={(nextId) => void navigate(nextId ? `/requests/${nextId}` : "/", { replace: true })}
        reportAction={(shown, titleId) => (
          <ReportButton
            subject={{ kind: "request", requestId: shown.id, groupId: shown.groupId }}
            describedBy={titleId}
          />
        )}
      />
      <SeriesPanel request={request} viewerId={viewer.id} now={now} />
    </RequestPageFrame>
  );
}

function RequestPageFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="page page-narrow request-page">
      <p className="small">
        <Link to="/">{t("request.backToDashboard")}</Link>
      </p>
      <h1 className="request-page-title">{t("request.requestTitle")}</h1>
      {children}
    </div>
  );
}

/** Where the request stands for this viewer, in one sentence above the card. */
function RequestState({ request, viewerId, now }: { request: RequestView; viewerId: string; now: Date }) {
  const t = useT();
  const status = displayStatusOf(request, now);
  const isOwner = request.userId === viewerId;
  if (requestPermissions(request, viewerId, now).canClaim) {
    return (
      <p className="request-page-lead">
        {t("request.leadCanHelp", { name: request.creator.name.trim() || t("request.yourNeighbour") })}
      </p>
    );
  }
  if (request.status === "claimed" && request.claimedBy === viewerId) {
    return <Alert type="success">{t("request.youAreHelping")}</Alert>;
  }
  if (status === "claimed") {
    const helper = personName(request.helper?.name ?? "");
    return (
      <Alert type="info">
        {isOwner ? t("request.helpingYou", { helper }) : t("request.alreadyClaimed", { helper })}
      </Alert>
    );
  }
  if (status === "fulfilled") return <Alert type="info">{t("request.isFulfilled")}</Alert>;
  if (status === "expired") return <Alert type="info">{t("request.isExpired")}</Alert>;
  return null;
}
