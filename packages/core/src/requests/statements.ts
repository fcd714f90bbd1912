import { firstOfferAt } from "../shared/first-offer";
import { groupMembers, perDatabase, preparedStatement, requests } from "@hyn/db";
import type { RequestChange } from "../mail/templates";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { bumpedRevision } from "../shared/request-revision";
import { inGroupsHeldBy } from "../request-views/view";
import { requestPermissionSql } from "./permissions";
import { activeAccountHeld } from "./suspension-guard";

/** A group's list is read on every group page: its membership check is built once per database. */
export const groupListQueries = perDatabase((db) => ({
  membership: db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, sql.placeholder("groupId")), eq(groupMembers.userId, sql.placeholder("userId"))),
    )
    .prepare("group_list_membership"),
}));

/** A post's own statements, built once: the membership it holds, and its INSERT. */
export const postingStatements = {
  membership: preparedStatement((executor) =>
    executor
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(
        and(eq(groupMembers.groupId, sql.placeholder("groupId")), eq(groupMembers.userId, sql.placeholder("userId"))),
      )
      .for("share")
      .prepare("post_membership"),
  ),
  insert: preparedStatement((executor) => {
    const value = (name: string) => sql.placeholder(name);
    return executor
      .insert(requests)
      .values({
        userId: value("userId"),
        groupId: value("groupId"),
        itemDescription: value("itemDescription"),
        storePreference: value("storePreference"),
        neededBy: value("neededBy"),
        pickupNotes: value("pickupNotes"),
        ifUnavailable: value("ifUnavailable"),
        status: "open",
        // Posting sends the notice, so the hour before a manual re-send starts now.
        lastNotifiedAt: value("now"),
        lastReachNow: value("lastReachNow"),
        lastReachLater: value("lastReachLater"),
        lastReachDaily: value("lastReachDaily"),
        lastReachWeekly: value("lastReachWeekly"),
        lastReachAppOnly: value("lastReachAppOnly"),
        // Null for a single request.
        seriesId: value("seriesId"),
        occurrenceIndex: value("occurrenceIndex"),
        // Null unless posted for a neighbour without the app (issue 42 §1).
        onBehalfOf: value("onBehalfOf"),
        createdAt: value("now"),
      })
      .returning({ id: requests.id })
      .prepare("request_insert");
  }),
};

/**
 * The placeholders of a transition's UPDATE: the request, the actor, and the time (an ISO string: as
 * SQL, not encoded by a column).
 */
const changeOf = {
  requestId: sql.placeholder("requestId"),
  userId: sql.placeholder("userId"),
  now: sql.placeholder("now"),
};

/**
 * A transition's conditional UPDATE (see `transition.ts`), built once: it holds the actor's membership
 * (so it and their departure from the group serialise) and their active account.
 */
function transitionUpdate(name: string, set: PgUpdateSetSource<typeof requests>, allowedWhen: SQL) {
  return preparedStatement((executor) =>
    executor
      .update(requests)
      .set({ ...set, ...bumpedRevision() })
      .where(
        and(
          eq(requests.id, changeOf.requestId),
          allowedWhen,
          inGroupsHeldBy(changeOf.userId),
          activeAccountHeld(changeOf.userId),
        ),
      )
      .returning({ id: requests.id, seriesId: requests.seriesId, occurrenceIndex: requests.occurrenceIndex })
      .prepare(name),
  );
}

const at = sql`${changeOf.now}`;
const firstOffer = firstOfferAt(sql`${changeOf.now}`);
export const transitionUpdates = {
  claimed: transitionUpdate(
    "request_claim",
    { status: "claimed", claimedBy: sql`${changeOf.userId}`, claimedAt: at, firstOfferedAt: firstOffer },
    requestPermissionSql.canClaim(changeOf.userId, changeOf.now),
  ),
  unclaimed: transitionUpdate(
    "request_unclaim",
    { status: "open", claimedBy: null, claimedAt: null },
    requestPermissionSql.canUnclaim(changeOf.userId, changeOf.now),
  ),
  fulfilled: transitionUpdate(
    "request_fulfill",
    { status: "fulfilled", fulfilledAt: at },
    requestPermissionSql.canFulfill(changeOf.userId, changeOf.now),
  ),
} satisfies Record<RequestChange, unknown>;
