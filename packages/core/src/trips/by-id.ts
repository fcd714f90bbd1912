import type { TripDetail } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { tripDetail } from "./trip-reads";

/** GET /trips/{id}: the trip with its items, as the caller reads it. */
export async function tripById(deps: CoreDeps, userId: string, tripId: string): Promise<TripDetail> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => tripDetail(tx, now, userId, tripId));
}
