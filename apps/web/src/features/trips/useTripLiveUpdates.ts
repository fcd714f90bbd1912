import { trpc } from "../../lib/trpc";

/**
 * The trip's page stays live (PRODUCT "Trips on screen"): its items are requests, so every change in the viewer's groups
 * on the requests' live stream (an item added, ticked, delivered, the trip closed or cancelled with its items)
 * reads the trip again. Returns whether the stream is up, for the page's fallback refresh.
 */
export function useTripLiveUpdates(tripId: string): boolean {
  const utils = trpc.useUtils();
  const subscription = trpc.requests.onChange.useSubscription(undefined, {
    onData() {
      void utils.trips.byId.invalidate({ tripId });
    },
  });
  return subscription.status === "pending";
}
