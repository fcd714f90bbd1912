import { tripGroups, trips } from "@hyn/db";
import type { LeavePreview } from "@hyn/validators";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { itemNotices } from "../trips/endings";
import { departFromGroups, isMember } from "./membership";

/** Thrown to roll the dry run back: nothing it did stays. */
class DryRun extends Error {}

/**
 * Issue 43: what leaving a group would do to the person's claims, requests, trips and invitations, for the
 * Leave dialog to say beforehand. It is the departure itself (`departFromGroups`), run in a transaction that
 * is rolled back, so the dialog can never say something the rule does not do (DESIGN "what the app tells a
 * person about an effect is computed by the same rule that causes it"). No one is told anything: the
 * notices get no job queue, and live events are only delivered when a transaction commits.
 */
export async function departurePreview(deps: CoreDeps, userId: string, groupId: string): Promise<LeavePreview> {
  const notices = { ...(await itemNotices(deps, deps.clock.now())), jobs: undefined };
  let preview: LeavePreview | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await isMember(tx, groupId, userId))) throw new AppError("FORBIDDEN", "notMember");
      // Their trips announced in this group that are not cancelled, before and after the departure.
      const before = await tx
        .select({ id: trips.id, departsAt: trips.departsAt })
        .from(trips)
        .innerJoin(tripGroups, and(eq(tripGroups.tripId, trips.id), eq(tripGroups.groupId, groupId)))
        .where(and(eq(trips.tripperId, userId), ne(trips.status, "cancelled")));
      const departure = await departFromGroups(tx, notices, userId, { groupId });
      if (!departure) throw new AppError("FORBIDDEN", "notMember");
      const ids = before.map((trip) => trip.id);
      const after =
        ids.length === 0
          ? []
          : await tx.select({ id: trips.id, status: trips.status }).from(trips).where(inArray(trips.id, ids));
      const stillThere =
        ids.length === 0
          ? new Set<string>()
          : new Set(
              (
                await tx
                  .select({ id: tripGroups.tripId })
                  .from(tripGroups)
                  .where(and(inArray(tripGroups.tripId, ids), eq(tripGroups.groupId, groupId)))
              ).map((row) => row.id),
            );
      const statusOf = new Map(after.map((trip) => [trip.id, trip.status]));
      const byTime = [...before].sort((a, b) => a.departsAt.getTime() - b.departsAt.getTime());
      preview = {
        claimsReopened: departure.claimsReopened,
        requestsWithdrawn: departure.withdrawn.length,
        invitationsCancelled: departure.invitationsCancelled,
        seriesLetGo: departure.seriesLetGo,
        neighboursPassed: departure.neighboursPassed,
        tripsCancelled: byTime.filter((trip) => statusOf.get(trip.id) === "cancelled").map((trip) => trip.departsAt),
        // Still going for their other groups, without this one.
        tripsTakenOut: byTime
          .filter((trip) => statusOf.get(trip.id) !== "cancelled" && !stillThere.has(trip.id))
          .map((trip) => trip.departsAt),
      };
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return preview!;
}
