import { requestCreationRefusal } from "@hyn/validators/rules";
import { Suspense, useEffect, useRef } from "react";
import { lazyWhenOnline } from "../../lib/lazy-when-online";
import { Button, EmptyState } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useRefusalTexts } from "../limits/useRefusalTexts";
import { RequestList } from "./RequestList";
import type { DashboardData } from "./types";
import { useEarlierRequests } from "./useEarlierRequests";
import type { RequestActions } from "./useRequestActions";

// Only a list with finished requests before its first page shows them: the dashboard's first download
// does not carry the list and its "Show earlier" button (the initial-JavaScript budget, docs/PERFORMANCE.md).
const EarlierRequests = lazyWhenOnline(() =>
  import("./EarlierRequests").then((module) => ({ default: module.EarlierRequests })),
);

/**
 * "Your Requests" (PRODUCT "Screens") (every active request and the latest finished ones, "Show earlier" for the
 * rest, ADR 0014) with the New Request button, which is disabled, with the reason next to it,
 * without a group or at the open-request limit (PRODUCT "Limits").
 */
export function YourRequests({
  data,
  viewerId,
  now,
  actions,
  highlightId,
  changedIds,
  onNewRequest,
  onNewRequestIntent,
}: {
  data: DashboardData;
  viewerId: string;
  now: Date;
  actions: RequestActions;
  highlightId: string | null;
  changedIds: ReadonlySet<string>;
  onNewRequest: () => void;
  /** The pointer or keyboard is on New Request: a good moment to fetch the form's code. */
  onNewRequestIntent?: () => void;
}) {
  const t = useT();
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
  // The limit rules' refusal, by key (the server's too); its text is loaded when needed, in the page's language.
  const refusal = requestCreationRefusal(limits, counts, data.groups.length);
  const blocked = refusal !== null;
  const texts = useRefusalTexts(blocked);
  const blocker = refusal === null || !texts ? null : texts.refusalText(refusal);
  return (
    <section className="dashboard-section" aria-labelledby="my-requests-title">
      <div className="dashboard-section-header">
        <h2 id="my-requests-title" ref={headingRef} tabIndex={-1}>
          {t("requests.yourRequestsTitle")}
        </h2>
        <div className="dashboard-section-actions">
          {blocker && (
            <p id="new-request-blocked" className="small muted dashboard-blocker">
              {blocker}
            </p>
          )}
          <span title={blocker ?? undefined}>
            <Button
              needsNetwork
              onClick={onNewRequest}
              onPointerEnter={onNewRequestIntent}
              onFocus={onNewRequestIntent}
              disabled={blocked}
              aria-describedby={blocker ? "new-request-blocked" : undefined}
            >
              {t("requests.newRequest")}
            </Button>
          </span>
        </div>
      </div>
      <RequestList
        requests={data.myRequests}
        viewerId={viewerId}
        now={now}
        actions={actions}
        label={t("requests.yourRequestsLabel")}
        highlightId={highlightId}
        changedIds={changedIds}
        onRemoved={() => {
          focusHeadingAfterRemoval.current = true;
        }}
        empty={
          <EmptyState title={t("requests.noRequestsTitle")}>
            <p>{data.groups.length === 0 ? t("requests.noRequestsNoGroup") : t("requests.noRequests")}</p>
          </EmptyState>
        }
      />
      {(earlier.hasMore || earlier.requests.length > 0) && (
        <Suspense fallback={null}>
          <EarlierRequests
            earlier={earlier}
            viewerId={viewerId}
            now={now}
            actions={actions}
            highlightId={highlightId}
            changedIds={changedIds}
          />
        </Suspense>
      )}
    </section>
  );
}
