import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useSearchParams } from "react-router";
import { Alert, Button, Card, EmptyState, Loading } from "../components/ui";
import { useAuth } from "../features/auth/AuthProvider";
import { CreateGroupForm } from "../features/groups/CreateGroupForm";
import { GroupCard } from "../features/groups/GroupCard";
import type { Group } from "../lib/useGroupsCache";
import { PendingInvitations } from "../features/invitations/PendingInvitations";
import { WaitingToJoin } from "../features/group-links/WaitingToJoin";
import { SentInvitations } from "../features/invitations/SentInvitations";
import { UsageLimits } from "../features/limits/UsageLimits";
import { useNotificationPreferences } from "../features/notifications/useNotificationPreferences";
import { errorMessage, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";
import "../features/groups/groups.css";

/** The groups page (PRODUCT "Screens"). Logged-out visitors are asked to log in here rather than redirected. */
export default function GroupsPage() {
  const t = useT();
  usePageTitle(t("groups.pageTitle"));
  const { user, loading } = useAuth();
  if (loading || !user) {
    // The heading shows at once and stays where the signed-in page has it: nothing jumps when the
    // session is known.
    return (
      <div className="page">
        <div className="page-header">
          <h1>{t("groups.pageTitle")}</h1>
        </div>
        {loading ? (
          // Opened without a network: who is signed in is not known yet, and is said plainly.
          <Loading offlineText={t("groups.offline")} />
        ) : (
          <Card>
            <p>{t("groups.loginToView")}</p>
            <Link className="btn btn-primary" to="/login?redirect=%2Fgroups">
              {t("groups.logIn")}
            </Link>
          </Card>
        )}
      </div>
    );
  }
  return <Groups viewerId={user.id} />;
}

function Groups({ viewerId }: { viewerId: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const highlight = params.get("highlight");
  // Set once a group is created here: its card opens on inviting (issue 27).
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const groups = trpc.groups.list.useQuery();
  const usage = trpc.limits.withCounts.useQuery();
  // Owners' cards show the invitation limit: asked for with the page's other calls rather than in a
  // third round trip once the cards are on the page.
  trpc.invitations.count.useQuery();
  // People asking to join the owner's groups through a link (issue 27), shown on their cards.
  trpc.groupLinks.incomingJoinRequests.useQuery();
  // Reports about requests in the owner's groups (issue 43), shown on their cards.
  trpc.reports.groupQueue.useQuery();
  // The caller's own requests to join (issue 43): "Waiting for Ana to let you in", in the same batch.
  const waiting = trpc.groupLinks.waiting.useQuery();
  // Each card's "New requests" setting and what it sends (which reads the push devices), likewise in the
  // first batch.
  useNotificationPreferences();
  trpc.push.devices.useQuery();
  // "Create a group for your street" on a newcomer's dashboard links here with ?create=1.
  const [creating, setCreating] = useState(() => params.get("create") === "1");
  const cards = useRef(new Map<string, HTMLElement>());

  const atCreateLimit =
    usage.data !== undefined && usage.data.counts.groupsCreatedCount >= usage.data.limits.maxGroupsCreated;
  const highlightedLoaded = highlight !== null && groups.data?.some((g) => g.id === highlight) === true;

  // ?highlight={groupId}: bring that card into view once it is on the page.
  useEffect(() => {
    if (!highlight || !highlightedLoaded) return;
    const card = cards.current.get(highlight);
    if (!card) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "center" });
    // A group just created opens on inviting: focus goes to its addresses field rather than the card.
    const inviteField = card.querySelector<HTMLElement>(".invite-form textarea");
    (inviteField ?? card).focus({ preventScroll: true });
  }, [highlight, highlightedLoaded]);

  const createButton = useRef<HTMLButtonElement>(null);
  const showGroup = (group: Group) => setParams({ highlight: group.id }, { replace: true });

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t("groups.pageTitle")}</h1>
        <div className="groups-toolbar">
          {atCreateLimit && (
            <p id="create-limit-note" className="small muted">
              {errorText("groupsCreatedLimitTooltip")}
            </p>
          )}
          <span title={atCreateLimit ? errorText("groupsCreatedLimitTooltip") : undefined}>
            <Button
              ref={createButton}
              needsNetwork
              onClick={() => setCreating(true)}
              disabled={creating || atCreateLimit}
              aria-describedby={atCreateLimit ? "create-limit-note" : undefined}
            >
              {t("groups.createNewGroup")}
            </Button>
          </span>
        </div>
      </div>

      <UsageLimits compact />
      <PendingInvitations onJoined={showGroup} />
      <WaitingToJoin />
      <SentInvitations />

      {creating && (
        <CreateGroupForm
          onCancel={() => {
            // The form goes away with focus in it: back to the button that opened it (enabled again first).
            flushSync(() => setCreating(false));
            createButton.current?.focus();
          }}
          onCreated={(group) => {
            setCreating(false);
            setJustCreated(group.id);
            showGroup(group);
          }}
        />
      )}

      <section aria-labelledby="group-list-title" aria-busy={groups.isPending}>
        <h2 id="group-list-title" className="visually-hidden">
          {t("groups.groupListTitle")}
        </h2>
        {groups.isPending ? (
          <Loading label={t("groups.loadingGroups")} offlineText={t("groups.offline")} />
        ) : groups.isError ? (
          <Alert>
            {errorMessage(groups.error, t("groups.loadGroupsFailed"))}{" "}
            <Button variant="ghost" className="btn-small" onClick={() => void groups.refetch()}>
              {t("groups.retry")}
            </Button>
          </Alert>
        ) : groups.data.length === 0 && (waiting.data?.length ?? 0) > 0 ? null : groups.data.length === 0 ? (
          <EmptyState title={t("groups.noGroupsTitle")}>
            <p>{t("groups.noGroupsText")}</p>
          </EmptyState>
        ) : (
          <ul className="grid group-grid">
            {groups.data.map((group) => (
              <li key={group.id}>
                <GroupCard
                  group={group}
                  viewerId={viewerId}
                  highlighted={group.id === highlight}
                  startInviting={group.id === justCreated}
                  ref={(node) => {
                    if (node) cards.current.set(group.id, node);
                    else cards.current.delete(group.id);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
