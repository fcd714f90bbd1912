import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, Button, EmptyState, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { NameStep } from "../features/account/NameStep";
import { useAuth } from "../features/auth/AuthProvider";
import { PendingInvitations } from "../features/invitations/PendingInvitations";
import { CreateRequestModal } from "../features/requests/CreateRequestModal";
import { DashboardGroups } from "../features/requests/DashboardGroups";
import { DashboardUsage } from "../features/requests/DashboardUsage";
import { RecentOwnChanges } from "../features/requests/live-announcements";
import { DashboardSkeleton } from "../features/requests/DashboardSkeleton";
import { LiveIndicator } from "../features/requests/LiveIndicator";
import { clockOffsetMs } from "../features/requests/request-rules";
import { RequestList } from "../features/requests/RequestList";
import { requestToasts } from "../features/requests/texts";
import type { DashboardData } from "../features/requests/types";
import { useRequestActions } from "../features/requests/useRequestActions";
import { useRequestLiveUpdates } from "../features/requests/useRequestLiveUpdates";
import { YourRequests } from "../features/requests/YourRequests";
import { useServerNow } from "../features/requests/useServerNow";
import { useTimeoutPassed } from "../features/requests/useTimeoutPassed";
import { trpc, type CurrentUser } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/requests/requests.css";

/** A safety net for a dropped live stream; react-query skips it while the tab is hidden. */
const FALLBACK_REFRESH_MS = 60_000;
/** How long the first load waits for the live stream before it goes ahead without it. */
const LIVE_STREAM_WAIT_MS = 2_000;
const NO_REQUESTS: DashboardData["myRequests"] = [];

/** SPEC §2 Dashboard. The route is behind RequireAuth, so a user is always there. */
export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useAuth();
  if (!user) return <Spinner />;
  return <Dashboard viewer={user} />;
}

function Dashboard({ viewer }: { viewer: CurrentUser }) {
  const toast = useToast();
  const [params] = useSearchParams();
  const highlightId = params.get("request");
  const [own] = useState(() => new RecentOwnChanges());
  const live = useRequestLiveUpdates(own);
  const streamWaitOver = useTimeoutPassed(LIVE_STREAM_WAIT_MS);
  // The whole first load is this one query (issue 4): requests, groups and usage together. It waits
  // until the live stream listens, so that nothing committed after it read can be missed and it need
  // not be loaded twice; a stream that fails or is slow only delays it by LIVE_STREAM_WAIT_MS.
  const dashboard = trpc.requests.dashboard.useQuery(undefined, {
    enabled: live.listening || live.status === "offline" || streamWaitOver,
    refetchInterval: FALLBACK_REFRESH_MS,
  });
  const actions = useRequestActions(own);
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  // The lists render from a deferred copy of the answer: React renders them in short slices when it
  // arrives instead of in one long task (ADR 0011). The answer and when it arrived move together.
  const latest = useMemo(
    () => (dashboard.data ? { data: dashboard.data, receivedAt: dashboard.dataUpdatedAt } : undefined),
    [dashboard.data, dashboard.dataUpdatedAt],
  );
  const shown = useDeferredValue(latest);
  const data = shown?.data;

  const offsetMs = shown ? clockOffsetMs(shown.data.serverTime, shown.receivedAt) : 0;
  const lists = useMemo(() => [data?.myRequests ?? NO_REQUESTS, data?.helpableRequests ?? NO_REQUESTS], [data]);
  const now = useServerNow(offsetMs, lists);

  const failedToLoad = dashboard.isError && !data;
  useEffect(() => {
    if (failedToLoad) toast.error(requestToasts.loadDashboardFailed);
  }, [failedToLoad, toast]);

  // ?request=<id> (the link in notification e-mails): bring that card into view once, and mark it.
  const shownRequest = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId || !data || shownRequest.current === highlightId) return;
    shownRequest.current = highlightId;
    const card = document.getElementById(`request-${highlightId}`);
    if (!card) {
      toast.info("That request is no longer on your dashboard: it may have been claimed by someone else, fulfilled or deleted.");
      return;
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "center" });
    card.focus({ preventScroll: true });
  }, [highlightId, data, toast]);

  const name = viewer.name.trim();

  return (
    <div className="page dashboard">
      <header className="dashboard-header">
        <div>
          <h1>{name ? `Welcome, ${name}!` : "Welcome!"}</h1>
          <p className="muted dashboard-subtitle">
            {name ? (
              "Here is what is happening in your groups."
            ) : (
              <>
                <Link to="/profile">Add your name</Link> so neighbours know who is asking and who is helping.
              </>
            )}
          </p>
        </div>
        <LiveIndicator status={live.status} refreshFailed={dashboard.isError && data !== undefined} />
      </header>
      <NameStep viewer={viewer} />
      <p className="dashboard-announcement" role="status" aria-live="polite" aria-atomic="true">
        {live.announcement && <span key={live.announcement.id}>{live.announcement.text}</span>}
      </p>

      {data ? (
        <>
          <DashboardUsage usage={data.usage} />
          <YourRequests
            data={data}
            viewerId={viewer.id}
            now={now}
            actions={actions}
            highlightId={highlightId}
            changedIds={live.changedIds}
            onNewRequest={() => setCreating(true)}
          />
          <section className="dashboard-section" aria-labelledby="helpable-title">
            <div className="dashboard-section-header">
              <div>
                <h2 id="helpable-title">Requests you can help with</h2>
                <p className="muted small dashboard-section-note">Open requests from members of your groups, and the ones you are helping with.</p>
              </div>
            </div>
            <RequestList
              requests={data.helpableRequests}
              viewerId={viewer.id}
              now={now}
              actions={actions}
              label="Requests you can help with"
              highlightId={highlightId}
              changedIds={live.changedIds}
              empty={
                <EmptyState title="Nothing to help with right now">
                  <p>
                    {data.groups.length === 0
                      ? "Once you are in a group, your neighbours' requests appear here."
                      : "When neighbours in your groups post requests, they appear here straight away."}
                  </p>
                </EmptyState>
              }
            />
          </section>
          {/* An invitation waiting for a newcomer is the way into their first group: shown here too. */}
          <PendingInvitations onJoined={() => void utils.requests.dashboard.invalidate()} />
          <section className="dashboard-section" aria-labelledby="groups-title">
            <div className="dashboard-section-header">
              <h2 id="groups-title">Your Groups</h2>
              {data.groups.length > 0 && (
                <Link to="/groups" className="small">
                  Manage groups
                </Link>
              )}
            </div>
            <DashboardGroups groups={data.groups} viewerId={viewer.id} />
          </section>
          <CreateRequestModal
            open={creating}
            onClose={() => setCreating(false)}
            groups={data.groups}
            now={now}
            clockOffsetMs={offsetMs}
            own={own}
            onCreated={actions.added}
          />
        </>
      ) : failedToLoad ? (
        <Alert>
          {requestToasts.loadDashboardFailed}{" "}
          <Button variant="ghost" className="btn-small" onClick={() => void dashboard.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}
