import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { lazyWhenOnline } from "../lib/lazy-when-online";
import { Link, useSearchParams } from "react-router";
import { Alert, Button, EmptyState, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { useAuth } from "../features/auth/AuthProvider";
import { DashboardGroups } from "../features/requests/DashboardGroups";
import { usageNearLimit } from "../features/limits/usage-level";
import { RecentOwnChanges } from "../features/requests/live-announcements";
import { DashboardSkeleton } from "../features/requests/DashboardSkeleton";
import { LiveIndicator } from "../features/requests/LiveIndicator";
import { clockOffsetMs } from "../features/requests/request-rules";
import { RequestList } from "../features/requests/RequestList";
import { CardMenuContext } from "../features/requests/card-menu";
import type { DashboardData } from "../features/requests/types";
import { useRequestActions } from "../features/requests/useRequestActions";
import { useRequestLiveUpdates } from "../features/requests/useRequestLiveUpdates";
import { YourRequests } from "../features/requests/YourRequests";
import { useServerNow } from "../features/requests/useServerNow";
import { useTimeoutPassed } from "../features/requests/useTimeoutPassed";
import { translate, useT } from "../i18n/useT";
import { loadNamespaces } from "../i18n/i18n";
import { trpc, type CurrentUser } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { richText } from "../i18n/richText";
import "../features/requests/requests.css";

// Not needed to show the dashboard, so not in its first download: the form comes when it is about to
// be used (the pointer or focus on New Request, or the browser idle after the first load), and the
// first-run name step only for someone without a name.
// Its texts (the "asking" namespace) come with it.
const loadCreateRequestModal = () =>
  Promise.all([import("../features/requests/CreateRequestModal"), loadNamespaces(["asking"])]).then(
    ([module]) => module,
  );
const CreateRequestModal = lazyWhenOnline(() =>
  loadCreateRequestModal().then((module) => ({ default: module.CreateRequestModal })),
);
// Invitations waiting for the viewer (the invitations feature's panel, usually empty): fetched as the
// dashboard mounts, alongside its own data, rather than before it can render. Its texts are the groups'
// and, for a group's rules, the sharing texts (the dashboard's first download needs none of them).
const loadPendingInvitations = () =>
  Promise.all([import("../features/invitations/PendingInvitations"), loadNamespaces(["groups", "sharing"])]).then(
    ([module]) => module,
  );
const PendingInvitations = lazyWhenOnline(() =>
  loadPendingInvitations().then((module) => ({ default: module.PendingInvitations })),
);
// A newcomer's first step shows only in a dashboard without groups, after the invitations panel found none.
const NewcomerStart = lazyWhenOnline(() =>
  Promise.all([import("../features/onboarding/NewcomerStart"), loadNamespaces(["sharing"])]).then(([module]) => ({
    default: module.NewcomerStart,
  })),
);
// Issue 43: a newcomer who asked to join through a link sees whom they wait for instead of the first step.
const WaitingToJoin = lazyWhenOnline(() =>
  Promise.all([import("../features/group-links/WaitingToJoin"), loadNamespaces(["sharing"])]).then(([module]) => ({
    default: module.WaitingToJoin,
  })),
);
// The usage-limits panel sits below the lists: its bars come just after the first paint.
const DashboardUsage = lazyWhenOnline(() =>
  import("../features/requests/DashboardUsage").then((module) => ({ default: module.DashboardUsage })),
);
// Its texts are the profile's (a person's name), loaded with it.
const NameStep = lazyWhenOnline(() =>
  Promise.all([import("../features/account/NameStep"), loadNamespaces(["profile"])]).then(([module]) => ({
    default: module.NameStep,
  })),
);
// Its texts are the profile's (the same preferences): loaded with it, for the few accounts it shows to.
const NotificationsQuestion = lazyWhenOnline(() =>
  Promise.all([import("../features/account/NotificationsQuestion"), loadNamespaces(["profile"])]).then(([module]) => ({
    default: module.NotificationsQuestion,
  })),
);

// Open trips at the top (issue 28), from the dashboard's answer: their own chunk, which brings its texts.
const DashboardTrips = lazyWhenOnline(() => import("../features/trips/DashboardTrips"));
// PRODUCT "Group rules": the dialog asking to accept a group's changed rules, only for a member it names.
const RulesToAccept = lazyWhenOnline(() =>
  Promise.all([import("../features/groups/RulesToAccept"), loadNamespaces(["groups", "sharing"])]).then(([module]) => ({
    default: module.RulesToAccept,
  })),
);

// A helper's own month (issue 41 §2), one line under the greeting: after the first paint.
const MyMonth = lazyWhenOnline(() => import("../features/requests/MyMonth"));

// A card's "⋯" menu (Block, PRODUCT "Blocking") comes after the first paint, with its texts (the profile's).
const LazyCardMenu = lazyWhenOnline(() =>
  Promise.all([import("../features/blocking/blocking"), loadNamespaces(["profile"])]).then(([module]) => ({
    default: module.RequestCardMenu,
  })),
);
function cardMenu(card: ComponentProps<typeof LazyCardMenu>) {
  return (
    <Suspense fallback={null}>
      <LazyCardMenu {...card} />
    </Suspense>
  );
}

/** Fetches the form's code once the browser has nothing better to do. */
function whenIdle(task: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(task, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 2_000);
  return () => clearTimeout(handle);
}

const preloadCreateRequestModal = () => {
  // Only a head start: if it fails (offline), opening the form imports it again.
  loadCreateRequestModal().catch(() => undefined);
};

/** A safety net for a dropped live stream; react-query skips it while the tab is hidden. */
const FALLBACK_REFRESH_MS = 60_000;
/** How long the first load waits for the live stream before it goes ahead without it. */
const LIVE_STREAM_WAIT_MS = 2_000;
const NO_REQUESTS: DashboardData["myRequests"] = [];

/** The dashboard (PRODUCT "Screens"). The route is behind RequireAuth, so a user is always there. */
export default function DashboardPage() {
  const t = useT();
  usePageTitle(t("requests.dashboardTitle"));
  const { user } = useAuth();
  if (!user) return <Spinner />;
  return <Dashboard viewer={user} />;
}

function Dashboard({ viewer }: { viewer: CurrentUser }) {
  const t = useT();
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
  // Mounted from the first opening on, and kept: the draft lives in the form between openings.
  const [formUsed, setFormUsed] = useState(false);
  const openForm = () => {
    setFormUsed(true);
    setCreating(true);
  };
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
  const rulesGroup = data?.groups
    .map((group) => (group.rulesToAccept === null ? null : { ...group, rulesToAccept: group.rulesToAccept }))
    .find((group) => group !== null);
  useEffect(() => {
    if (failedToLoad) toast.error(translate("requests.loadDashboardFailed"));
  }, [failedToLoad, toast]);

  // ?request=<id> (the link in notification e-mails): bring that card into view once, and mark it.
  const shownRequest = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId || !data || shownRequest.current === highlightId) return;
    shownRequest.current = highlightId;
    const card = document.getElementById(`request-${highlightId}`);
    if (!card) {
      toast.info(t("requests.requestGone"));
      return;
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "center" });
    card.focus({ preventScroll: true });
  }, [highlightId, data, toast, t]);

  useEffect(() => {
    loadPendingInvitations().catch(() => undefined);
  }, []);

  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) return whenIdle(preloadCreateRequestModal);
  }, [loaded]);

  const name = viewer.name.trim();
  // The viewer's own requests, in the same place whether or not they are in a group yet.
  const yourRequests = data && (
    <YourRequests
      data={data}
      viewerId={viewer.id}
      now={now}
      actions={actions}
      highlightId={highlightId}
      changedIds={live.changedIds}
      onNewRequest={openForm}
      onNewRequestIntent={preloadCreateRequestModal}
    />
  );

  return (
    <CardMenuContext.Provider value={cardMenu}>
      <div className="page dashboard">
        <header className="dashboard-header">
          <div>
            <h1>{name ? t("requests.welcomeNamed", { name }) : t("requests.welcome")}</h1>
            <p className="muted dashboard-subtitle">
              {name
                ? t("requests.subtitle")
                : richText((values) => t("requests.addNamePrompt", values), {
                    link: <Link to="/profile">{t("requests.addNameLink")}</Link>,
                  })}
            </p>
            {data && (
              <Suspense fallback={null}>
                <MyMonth seenAt={shown?.receivedAt ?? 0} />
              </Suspense>
            )}
          </div>
          <LiveIndicator status={live.status} refreshFailed={dashboard.isError && data !== undefined} />
        </header>
        {name === "" && (
          <Suspense fallback={null}>
            <NameStep viewer={viewer} />
          </Suspense>
        )}
        {!viewer.notificationsAsked && (
          <Suspense fallback={null}>
            <NotificationsQuestion viewer={viewer} />
          </Suspense>
        )}
        {rulesGroup && (
          <Suspense fallback={null}>
            <RulesToAccept
              key={rulesGroup.id}
              group={{
                id: rulesGroup.id,
                name: rulesGroup.name,
                rules: rulesGroup.rulesToAccept,
                // A server of the release before (during a roll) does not send it.
                accepted: rulesGroup.rulesAccepted ?? null,
              }}
              onDone={() => {
                void utils.requests.dashboard.invalidate();
                void utils.groups.list.invalidate();
              }}
            />
          </Suspense>
        )}
        <p className="dashboard-announcement" role="status" aria-live="polite" aria-atomic="true">
          {live.announcement && <span key={live.announcement.id}>{live.announcement.text}</span>}
        </p>

        {data && data.groups.length === 0 ? (
          // A newcomer (issue 27): the one next step first (an invitation waiting, else create a group or open a
          // neighbour's link), then what they can already do; the limits panel compact and below unless one is near.
          <>
            {usageNearLimit(data.usage) && (
              <Suspense fallback={null}>
                <DashboardUsage usage={data.usage} />
              </Suspense>
            )}
            <Suspense fallback={null}>
              <PendingInvitations
                onJoined={() => void utils.requests.dashboard.invalidate()}
                whenEmpty={
                  <Suspense fallback={null}>
                    <WaitingToJoin
                      whenNone={
                        <Suspense fallback={null}>
                          <NewcomerStart />
                        </Suspense>
                      }
                    />
                  </Suspense>
                }
              />
            </Suspense>
            {yourRequests}
            <section className="dashboard-section" aria-labelledby="groups-title">
              <div className="dashboard-section-header">
                <h2 id="groups-title">{t("requests.groupsTitle")}</h2>
              </div>
              <p className="muted small">{t("requests.noGroupYet")}</p>
            </section>
            {!usageNearLimit(data.usage) && (
              <Suspense fallback={null}>
                <DashboardUsage usage={data.usage} compact />
              </Suspense>
            )}
          </>
        ) : data ? (
          <>
            <Suspense fallback={null}>
              <DashboardTrips trips={data.trips} />
              <DashboardUsage usage={data.usage} />
            </Suspense>
            {yourRequests}
            <section className="dashboard-section" aria-labelledby="helpable-title">
              <div className="dashboard-section-header">
                <div>
                  <h2 id="helpable-title">{t("requests.helpableTitle")}</h2>
                  <p className="muted small dashboard-section-note">{t("requests.helpableNote")}</p>
                </div>
              </div>
              <RequestList
                requests={data.helpableRequests}
                viewerId={viewer.id}
                now={now}
                actions={actions}
                label={t("requests.helpableTitle")}
                highlightId={highlightId}
                changedIds={live.changedIds}
                empty={
                  <EmptyState title={t("requests.helpableEmptyTitle")}>
                    <p>{data.groups.length === 0 ? t("requests.helpableEmptyNoGroup") : t("requests.helpableEmpty")}</p>
                  </EmptyState>
                }
              />
            </section>
            {/* An invitation waiting for a newcomer is the way into their first group: shown here too. */}
            <Suspense fallback={null}>
              <PendingInvitations onJoined={() => void utils.requests.dashboard.invalidate()} />
            </Suspense>
            <section className="dashboard-section" aria-labelledby="groups-title">
              <div className="dashboard-section-header">
                <h2 id="groups-title">{t("requests.groupsTitle")}</h2>
                {data.groups.length > 0 && (
                  <Link to="/groups" className="small">
                    {t("requests.manageGroups")}
                  </Link>
                )}
              </div>
              <DashboardGroups groups={data.groups} viewerId={viewer.id} />
            </section>
            {formUsed && (
              <Suspense fallback={null}>
                <CreateRequestModal
                  open={creating}
                  onClose={() => setCreating(false)}
                  groups={data.groups}
                  now={now}
                  clockOffsetMs={offsetMs}
                  own={own}
                  onCreated={actions.added}
                />
              </Suspense>
            )}
          </>
        ) : failedToLoad ? (
          <Alert>
            {t("requests.loadDashboardFailed")}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void dashboard.refetch()}>
              {t("requests.retry")}
            </Button>
          </Alert>
        ) : (
          <DashboardSkeleton />
        )}
      </div>
    </CardMenuContext.Provider>
  );
}
