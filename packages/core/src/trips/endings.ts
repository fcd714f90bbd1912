import { groupMembers, requests, tripGroups, trips, type Transaction } from "@hyn/db";
import { and, eq, gt, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { publishRequestEvents, publishTripEvent } from "../events/publish";
import type { RequestNotice } from "../mail/templates";
import { enqueueChangeNotices } from "../notifications/immediate";
import { NO_READER, selectRequestViews } from "../request-views/view";
import { withdrawLeftBehind } from "../requests/left-behind";
import { reopenedClaim } from "../requests/reopened-claim";
import type { CoreConfig } from "../shared/config";
import type { CoreDeps } from "../shared/deps";
import type { JobQueue } from "../shared/jobs";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";

/**
 * What telling neighbours of their trip items needs. The unsubscribe links' key is read before the
 * transaction that tells them (`itemNotices`), as every sender does.
 */
export interface ItemNotices {
  config: CoreConfig;
  jobs: JobQueue | undefined;
  unsubscribe: UnsubscribeLinks;
  now: Date;
}

export async function itemNotices(deps: CoreDeps, now: Date): Promise<ItemNotices> {
  return { config: deps.config, jobs: deps.jobs, unsubscribe: await unsubscribeLinks(deps), now };
}

/** Requests let go of by a trip (back to their requesters as open requests, off the trip): their ids. */
export async function releaseItems(tx: Transaction, where: SQL | undefined): Promise<string[]> {
  const released = await tx.update(requests).set(reopenedClaim()).where(where).returning({ id: requests.id });
  return released.map(({ id }) => id);
}

/**
 * The tripper's changes of many items told at once, in a fixed number of statements however many (ADR
 * 0022): each requester as when a helper gives a request back or fulfils it, and the live lists, in order.
 */
export async function tellItemChanges(
  tx: Transaction,
  notices: ItemNotices,
  tripperId: string,
  changes: { id: string; kind: "fulfilled" | "unclaimed" | "not_there" }[],
): Promise<void> {
  if (changes.length === 0) return;
  const { config, unsubscribe, now, jobs } = notices;
  const ids = changes.map((change) => change.id);
  const views = await selectRequestViews(tx, now, inArray(requests.id, ids), NO_READER);
  const viewOf = new Map(views.map((view) => [view.id, view]));
  const told = changes.flatMap(({ id, kind }) => {
    const request = viewOf.get(id);
    if (!request) return [];
    // Not there: open again, or closed when they said "skip it" (issue 43 §1); to the lists, given back.
    const notice: RequestNotice = kind === "not_there" && request.ifUnavailable === "skip" ? "not_there_closed" : kind;
    return [{ kind: notice, event: kind === "not_there" ? "unclaimed" : kind, request, helperId: tripperId }];
  });
  await enqueueChangeNotices(tx, config, unsubscribe, told, now, jobs);
  await publishRequestEvents(
    tx,
    told.map(({ event, request }) => ({
      type: `request.${event}` as const,
      requestId: request.id,
      groupId: request.groupId,
      ownerId: request.userId,
    })),
  );
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/**
 * Claims of one helper or tripper that `where` selects, let go of (their trip's items, or the requests a
 * departing or suspended helper had offered to help with; PRODUCT "Departures"): each requester who is still
 * in the group gets the request back as an open request and is told, as when a helper gives one back (issue 43
 * §2); one whose requester is gone from the group is withdrawn instead (`withdrawLeftBehind`, issue 43 §4).
 * Answers how many were given back or withdrawn.
 */
export async function giveBackClaims(
  tx: Transaction,
  notices: ItemNotices,
  helperId: string,
  where: SQL | undefined,
): Promise<number> {
  const withdrawn = await withdrawLeftBehind(tx, where);
  const released = await releaseItems(tx, and(eq(requests.status, "claimed"), where));
  await tellItemChanges(
    tx,
    notices,
    helperId,
    released.map((id) => ({ id, kind: "unclaimed" as const })),
  );
  return withdrawn.length + released.length;
}

/**
 * Cancels the tripper's trips that `which` selects (not cancelled yet): every item not delivered goes back
 * to its requester as an open request, and each is told (PRODUCT "Trips": Cancelling). The tripper's own
 * cancel and the endings below are this one operation. Answers how many items were given back.
 */
export async function cancelTrips(
  tx: Transaction,
  notices: ItemNotices,
  tripperId: string,
  which: SQL | undefined,
): Promise<number> {
  const cancelled = await tx
    .update(trips)
    .set({ status: "cancelled", cancelledAt: notices.now })
    .where(and(eq(trips.tripperId, tripperId), ne(trips.status, "cancelled"), which))
    .returning({ id: trips.id });
  if (cancelled.length === 0) return 0;
  for (const { id } of cancelled) await publishTripEvent(tx, id);
  return giveBackClaims(tx, notices, tripperId, inArray(requests.tripId, idsOf(cancelled)));
}

/**
 * The person's open trips, as a suspension or a departure ends them: not cancelled, and either not yet
 * left or still holding an item not delivered (the tripper can no longer bring it).
 */
function stillOpen(now: Date): SQL {
  return or(
    gt(trips.departsAt, now),
    sql`exists (select 1 from ${requests} oi where oi.trip_id = ${trips.id} and oi.status = 'claimed')`,
  )!;
}

/**
 * What a tripper's suspension or departure does to their trips (ADR 0022, docs/ARCHITECTURE.md
 * "Departures"). From every group (a suspension, a deleted account): each open trip is cancelled. From
 * one group (they left it or were removed; their membership row is gone already): an open trip announced
 * there is cancelled when the tripper is in none of its groups any more; otherwise it is taken out of that
 * group only: its items there given back (each told), its announcement there deleted, so it no longer lists
 * for the group, and it goes on for the others. Each trip's row is changed or locked before its items are
 * read, and adding an item holds that row, so an item added meanwhile is seen and given back too.
 * Answers how many items were given back.
 */
export async function endTripsOf(
  tx: Transaction,
  notices: ItemNotices,
  tripperId: string,
  from: { groupId: string } | "every group",
): Promise<number> {
  const open = stillOpen(notices.now);
  if (from === "every group") return cancelTrips(tx, notices, tripperId, open);
  const announcedThere = sql`exists (select 1 from ${tripGroups} atg where atg.trip_id = ${trips.id} and atg.group_id = ${from.groupId})`;
  const inNoneOfItsGroups = sql`not exists (select 1 from ${tripGroups} mtg join ${groupMembers} mgm on mgm.group_id = mtg.group_id and mgm.user_id = ${tripperId} where mtg.trip_id = ${trips.id})`;
  const cancelledItems = await cancelTrips(tx, notices, tripperId, and(open, announcedThere, inNoneOfItsGroups));
  const kept = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.tripperId, tripperId), ne(trips.status, "cancelled"), open, announcedThere))
    .for("update");
  if (kept.length === 0) return cancelledItems;
  const ids = idsOf(kept);
  // Told while the group is still among the trip's, so its members' screens hear it.
  for (const id of ids) await publishTripEvent(tx, id);
  const given = await giveBackClaims(
    tx,
    notices,
    tripperId,
    and(inArray(requests.tripId, ids), eq(requests.groupId, from.groupId)),
  );
  await tx.delete(tripGroups).where(and(inArray(tripGroups.tripId, ids), eq(tripGroups.groupId, from.groupId)));
  return cancelledItems + given;
}
