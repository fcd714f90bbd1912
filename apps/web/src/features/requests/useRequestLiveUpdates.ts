import { useCallback, useState } from "react";
import { trpc } from "../../lib/trpc";
import { liveAnnouncement, type RecentOwnChanges } from "./live-announcements";
import type { DashboardData } from "./types";

/** How long a card changed by a neighbour stays marked. */
const CHANGED_MARK_MS = 4_000;

export type LiveStatus = "connecting" | "live" | "offline";

function itemOf(data: DashboardData | undefined, requestId: string): string | null {
  if (!data) return null;
  const found =
    data.myRequests.find((r) => r.id === requestId) ?? data.helpableRequests.find((r) => r.id === requestId);
  return found?.itemDescription ?? null;
}

/**
 * Live updates while the dashboard is mounted (requests.onChange over SSE): every change in the user's
 * groups reloads the dashboard query, so a neighbour's post, claim or fulfilment shows within moments.
 * Changes by neighbours are announced (polite live region) and their cards marked for a few seconds;
 * the echo of the user's own actions is not, since their toast already said it.
 */
export function useRequestLiveUpdates(own: RecentOwnChanges) {
  const utils = trpc.useUtils();
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);
  const [changedIds, setChangedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [listening, setListening] = useState(false);

  const markChanged = useCallback((requestId: string) => {
    setChangedIds((ids) => new Set(ids).add(requestId));
    window.setTimeout(() => {
      setChangedIds((ids) => {
        const next = new Set(ids);
        next.delete(requestId);
        return next;
      });
    }, CHANGED_MARK_MS);
  }, []);

  const subscription = trpc.requests.onChange.useSubscription(undefined, {
    onData(message) {
      if (message.type === "connected") {
        // Listening starts now: whatever changed between the last load and this moment may have been
        // missed, so load again (a load still waiting for this moment starts now instead).
        setListening(true);
        void utils.requests.dashboard.invalidate();
        return;
      }
      if (message.type === "join.answered") {
        // The owner answered the user's own request to join (issue 43): "Waiting for …" goes, the group comes.
        void utils.groupLinks.waiting.invalidate();
        void utils.groups.list.invalidate();
        void utils.limits.invalidate();
        void utils.requests.dashboard.invalidate();
        return;
      }
      if (message.type === "trip.changed") {
        // The dashboard's trips; the trip's own page listens for itself (useTripLiveUpdates).
        void utils.requests.dashboard.invalidate();
        return;
      }
      const itemBefore = itemOf(utils.requests.dashboard.getData(), message.requestId);
      void utils.limits.invalidate();
      void utils.requests.dashboard.invalidate().then(() => {
        if (own.isOwn(message)) return;
        // A new request is only known once reloaded; a deleted one only from before.
        const item = itemOf(utils.requests.dashboard.getData(), message.requestId) ?? itemBefore;
        setAnnouncement((previous) => ({ id: (previous?.id ?? 0) + 1, text: liveAnnouncement(message.type, item) }));
        if (message.type !== "request.deleted" && message.type !== "request.skipped") markChanged(message.requestId);
      });
    },
  });

  const status: LiveStatus =
    subscription.status === "pending" ? "live" : subscription.status === "error" ? "offline" : "connecting";
  return {
    status,
    /** The stream has said "connected" at least once: from then on no change can be missed. */
    listening,
    announcement,
    changedIds,
  };
}
