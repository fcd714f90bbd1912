import { trips } from "@hyn/db";
import type { Trip } from "@hyn/validators";
import { and, gt, ne } from "drizzle-orm";
import { selectTrips } from "../request-views/trips";
import type { CoreDeps } from "../shared/deps";

/** GET /trips: the trips the caller can see that have not left yet (cancelled ones left out), soonest first. */
export async function listTrips(deps: CoreDeps, userId: string): Promise<Trip[]> {
  const now = deps.clock.now();
  return selectTrips(deps.db, now, userId, and(ne(trips.status, "cancelled"), gt(trips.departsAt, now))!);
}
