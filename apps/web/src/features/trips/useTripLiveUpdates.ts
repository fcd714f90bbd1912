import { trpc } from "../../lib/trpc";

/**
 * The trip's page stays live (PRODUCT "Trips on screen"): the trip's own changes (closed, cancelled, the next
 * one skipped) come as "trip.changed", and its items are requests, so every request change in the viewer's
 * groups (an item added, ticked, delivered, given back) reads the trip again too.
 */
export function useTripLiveUpdates(tripId: string): void {
  const utils = trpc.useUtils();
  trpc.requests.onChange.useSubscription(undefined, {
    onData(message) {
      if (message.type === "trip.changed" && message.tripId !== tripId) return;
      void utils.trips.byId.invalidate({ tripId });
    },
  });
}
