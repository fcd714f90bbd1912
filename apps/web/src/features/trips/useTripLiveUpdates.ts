import { trpc } from "../../lib/trpc";

/**
 * The trip's page stays live (PRODUCT "Trips on screen"): its items are requests, so every change in the viewer's groups
 * on the requests' live stream (an item added, ticked, delivered, the trip closed or cancelled with its items)
 * reads the trip again.
 */
export function useTripLiveUpdates(tripId: string): void {
  const utils = trpc.useUtils();
  trpc.requests.onChange.useSubscription(undefined, {
    onData() {
      void utils.trips.byId.invalidate({ tripId });
    },
  });
}
