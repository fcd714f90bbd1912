import type { ReactNode } from "react";
import { sortRequests } from "./request-rules";
import { RequestCard } from "./RequestCard";
import type { RequestActions } from "./useRequestActions";
import type { RequestView } from "./types";

/**
 * A list of request cards in the order of PRODUCT "How things change". The server sends them sorted; sorting again with the
 * page's clock moves a request that expires while the page is open to where it now belongs.
 */
export function RequestList({
  requests,
  viewerId,
  now,
  actions,
  label,
  empty,
  highlightId,
  changedIds,
  onRemoved,
}: {
  requests: RequestView[];
  viewerId: string;
  now: Date;
  actions: RequestActions;
  /** Names the list for assistive technology. */
  label: string;
  empty: ReactNode;
  highlightId: string | null;
  changedIds: ReadonlySet<string>;
  onRemoved?: () => void;
}) {
  if (requests.length === 0) return <>{empty}</>;
  return (
    <ul className="request-grid" aria-label={label}>
      {sortRequests(requests, now).map((request) => (
        <li key={request.id}>
          <RequestCard
            request={request}
            viewerId={viewerId}
            now={now}
            actions={actions}
            highlighted={request.id === highlightId}
            changed={changedIds.has(request.id)}
            onRemoved={onRemoved}
          />
        </li>
      ))}
    </ul>
  );
}
