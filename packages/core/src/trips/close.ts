import { trips } from "@hyn/db";
import type { Trip } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { publishTripEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { lockOwnTrip } from "./trip-locks";
import { mustSelectTrip } from "./trip-reads";

/** POST /trips/{id}/close: the tripper closes the list (no more items); it also closes at its closing time. */
export async function closeTrip(deps: CoreDeps, userId: string, tripId: string): Promise<Trip> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    if (trip.status === "closed") throw new AppError("CONFLICT", "tripNotOpen");
    await tx
      .update(trips)
      .set({ status: "closed", closedAt: now })
      .where(and(eq(trips.id, tripId), eq(trips.status, "open")));
    await publishTripEvent(tx, tripId);
    return mustSelectTrip(tx, now, userId, tripId);
  });
}
