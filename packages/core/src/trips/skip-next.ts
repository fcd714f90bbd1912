import { trips } from "@hyn/db";
import type { Trip } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { publishTripEvent } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { lockOwnTrip } from "./trip-locks";
import { mustSelectTrip } from "./trip-reads";

/** POST /trips/{id}/skip-next: a weekly trip's next one is not announced (the one after is). */
export async function skipNextTrip(deps: CoreDeps, userId: string, tripId: string): Promise<Trip> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, tripId, userId);
    if (trip.repeat === null) throw new AppError("CONFLICT", "tripNotRepeating");
    if (trip.status === "cancelled") throw new AppError("CONFLICT", "tripCancelled");
    await tx.update(trips).set({ skipNext: true }).where(eq(trips.id, tripId));
    await publishTripEvent(tx, tripId);
    return mustSelectTrip(tx, now, userId, tripId);
  });
}
