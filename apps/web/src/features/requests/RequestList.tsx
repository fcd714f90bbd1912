import { useState, type ReactNode } from "react";
import { keepPlaces, sortRequests } from "./request-rules";
import { RequestCard } from "./RequestCard";
import type { RequestActions } from "./useRequestActions";
import type { RequestView } from "./types";

/**
 * A list of request cards in the order of PRODUCT "How things change". The server sends them sorted; sorting again with the
 * page's clock moves a request that expires while the page is open to where it now belongs. A card the viewer claims, gives
 * back or fulfils here keeps its place until they leave the page (it would otherwise jump away from their finger).
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
  const [kept, setKept] = useState<ReadonlyMap<string, number>>(new Map());
  const shown = keepPlaces(sortRequests(requests, now), kept);
  const placeOf = new Map(shown.map((request, index) => [request.id, index]));
  const keepingPlace = (act: (request: RequestView) => Promise<boolean>) => (request: RequestView) => {
    const place = placeOf.get(request.id);
    if (place !== undefined && !kept.has(request.id)) setKept((old) => new Map(old).set(request.id, place));
    return act(request);
  };
  const listActions: RequestActions = {
    ...actions,
    claim: keepingPlace(actions.claim),
    unclaim: keepingPlace(actions.unclaim),
    fulfill: keepingPlace(actions.fulfill),
  };
  if (requests.length === 0) return <>{empty}</>;
  return (
    <ul className="request-grid" aria-label={label}>
      {shown.map((request) => (
        <li key={request.id}>
          <RequestCard
            request={request}
            viewerId={viewerId}
            now={now}
            actions={listActions}
            highlighted={request.id === highlightId}
            changed={changedIds.has(request.id)}
            onRemoved={onRemoved}
          />
        </li>
      ))}
    </ul>
  );
}
