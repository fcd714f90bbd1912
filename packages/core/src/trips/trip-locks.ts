import { requests, trips, users, type Transaction } from "@hyn/db";
import { and, eq, sql } from "drizzle-orm";
import { tripVisibleTo } from "../request-views/trips";
import { AppError } from "../shared/errors";

export const tripNotFound = () => new AppError("NOT_FOUND", "tripNotFound");

/** What a refusal is explained from, read under the trip's row lock. */
export interface TripFacts {
  id: string;
  tripperId: string;
  status: string;
  closesAt: Date;
  departsAt: Date;
  maxItems: number | null;
  store: string;
  repeat: string | null;
  /** A suspension cancels the tripper's trips; one left open (before that rule) takes no item either. */
  tripperSuspended: boolean;
}

/** The trip's row, locked for the change (items and cap serialise on it); 404 unless the caller may see it. */
export async function lockVisibleTrip(tx: Transaction, tripId: string, userId: string): Promise<TripFacts> {
  const [trip] = await tx
    .select({
      id: trips.id,
      tripperId: trips.tripperId,
      status: trips.status,
      closesAt: trips.closesAt,
      departsAt: trips.departsAt,
      maxItems: trips.maxItems,
      store: trips.store,
      repeat: trips.repeat,
      tripperSuspended: sql<boolean>`exists (select 1 from ${users} ts where ts.id = ${trips.tripperId} and ts.suspended_at is not null)`,
    })
    .from(trips)
    .where(and(eq(trips.id, tripId), tripVisibleTo(userId)))
    .for("update");
  if (!trip) throw tripNotFound();
  return trip;
}

/** As `lockVisibleTrip`, and 403 unless the caller is its tripper. */
export async function lockOwnTrip(tx: Transaction, tripId: string, userId: string): Promise<TripFacts> {
  const trip = await lockVisibleTrip(tx, tripId, userId);
  if (trip.tripperId !== userId) throw new AppError("FORBIDDEN", "tripOnlyTripper");
  return trip;
}

/** How many items the trip holds (its cap counts them), read under its row lock. */
export async function countItems(tx: Transaction, tripId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(eq(requests.tripId, tripId));
  return row?.count ?? 0;
}
