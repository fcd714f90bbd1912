import { requestCreationRefusal } from "@hyn/validators/rules";
import { useEffect, useRef } from "react";
import { Button, EmptyState } from "../../components/ui";
import { EarlierRequests } from "./EarlierRequests";
import { RequestList } from "./RequestList";
import type { DashboardData } from "./types";
import { useEarlierRequests } from "./useEarlierRequests";
import type { RequestActions } from "./useRequestActions";

/**
 * SPEC §2 "Your Requests" (every active request and the latest finished ones, "Show earlier" for the
 * rest, ADR 0014) with the New Request button, which is disabled, with the reason next to it,
 * without a group or at the open-request limit (SPEC §5).
 */
export function YourRequests({
  data,
  viewerId,
  now,
  actions,
  highlightId,
  changedIds,
  onNewRequest,
}: {
  data: DashboardData;
  viewerId: string;
  now: Date;
  actions: RequestActions;
  highlightId: string | null;
  changedIds: ReadonlySet<string>;
  onNewRequest: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A deleted card takes focus with it. Its dialog holds the page inert until both are gone, so the
  // heading takes focus once the list has re-rendered without the card.
  const focusHeadingAfterRemoval = useRef(false);
  useEffect(() => {
    if (!focusHeadingAfterRemoval.current) return;
    focusHeadingAfterRemoval.current = false;
    headingRef.current?.focus();
  }, [data.myRequests]);
  const earlier = useEarlierRequests({ cursor: data.myRequestsNextCursor, requests: data.myRequests });
  const { limits, counts } = data.usage;
  const blocker = requestCreationRefusal(limits, counts, data.groups.length);
  return (
    <section className="dashboard-section" aria-labelledby="my-requests-title">
      <div className="dashboard-section-header">
        <h2 id="my-requests-title" ref={headingRef} tabIndex={-1}>
          Your Requests
        </h2>
        <div className="dashboard-section-actions">
          {blocker && (
            <p id="new-request-blocked" className="small muted dashboard-blocker">
              {blocker}
            </p>
          )}
          <span title={blocker ?? undefined}>
            <Button onClick={onNewRequest} disabled={blocker !== null} aria-describedby={blocker ? "new-request-blocked" : undefined}>
              New Request
            </Button>
          </span>
        </div>
      </div>
      <RequestList
        requests={data.myRequests}
        viewerId={viewerId}
        now={now}
        actions={actions}
        label="Your requests"
        highlightId={highlightId}
        changedIds={changedIds}
        onRemoved={() => {
          focusHeadingAfterRemoval.current = true;
        }}
        empty={
          <EmptyState title="No requests yet">
            <p>
              {data.groups.length === 0
                ? "Join or create a group first; then you can ask your neighbours to pick things up for you."
                : "Need something picked up? Post a request and the members of your groups can offer to help."}
            </p>
          </EmptyState>
        }
      />
      <EarlierRequests earlier={earlier} viewerId={viewerId} now={now} actions={actions} highlightId={highlightId} changedIds={changedIds} />
    </section>
  );
}
