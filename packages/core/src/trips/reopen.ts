import { trips } from "@hyn/db";
import type { Trip } from "@hyn/validators";
import { and, eq, ne } from "drizzle-orm";
import { publishTripEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { takesItems } from "./rules";
import { lockOwnTrip } from "./trip-locks";
import { mustSelectTrip } from "./trip-reads";

/**
 * POST /trips/{id}/reopen: the tripper opens a closed list again, until the trip leaves (issue 43 §3). A list
 * closed by its time takes items until the trip leaves; one closed by hand keeps its closing time. One that
 * takes items already is answered as it is (a repeated tap).
 */
export async function reopenTrip(deps: CoreDeps, userId: string, tripId: string): Promise<Trip> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    if (trip.departsAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "tripAlreadyLeft");
    if (!takesItems(trip, now)) {
      const closesAt = trip.closesAt.getTime() > now.getTime() ? trip.closesAt : trip.departsAt;
      await tx
        .update(trips)
        .set({ status: "open", closedAt: null, closesAt })
        .where(and(eq(trips.id, tripId), ne(trips.status, "cancelled")));
      await publishTripEvent(tx, tripId);
    }
    return mustSelectTrip(tx, now, userId, tripId);
  });
}
