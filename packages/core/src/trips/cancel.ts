import { trips } from "@hyn/db";
import type { Trip } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { cancelTrips, itemNotices } from "./endings";
import { lockOwnTrip } from "./trip-locks";
import { mustSelectTrip } from "./trip-reads";

/** POST /trips/{id}/cancel: every item not yet delivered goes back to its requester as an open request. */
export async function cancelTrip(deps: CoreDeps, userId: string, tripId: string): Promise<Trip> {
  const notices = await itemNotices(deps, deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    await cancelTrips(tx, notices, userId, eq(trips.id, tripId));
    return mustSelectTrip(tx, notices.now, userId, tripId);
  });
}
