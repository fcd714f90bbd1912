import { IF_UNAVAILABLE_CHOICES, TRIP_ITEM_MARKS } from "@hyn/validators/rules";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, inList, ts } from "./columns";
import { groups } from "./groups";
import { offlineMembers } from "./offline-members";
import { requestSeries } from "./request-series";
import { trips } from "./trips";
import { users } from "./users";

/** "expired" is accepted by the data checks (PRODUCT "How things change") but never written: it is computed from needed_by. */
export const REQUEST_STATUSES = ["open", "claimed", "fulfilled", "expired"] as const;

export const requests = pgTable(
  "requests",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    itemDescription: text("item_description").notNull(),
    storePreference: text("store_preference"),
    neededBy: ts("needed_by").notNull(),
    pickupNotes: text("pickup_notes"),
    /**
     * What the helper does if the item is not there (issue 28); null for a request posted before the choice
     * existed (migration 0034: nobody chose, so nothing is shown).
     */
    ifUnavailable: text("if_unavailable", { enum: IF_UNAVAILABLE_CHOICES }),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("open"),
    claimedBy: uuid("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: ts("claimed_at"),
    fulfilledAt: ts("fulfilled_at"),
    /** When the posting notice was last (re)sent; bounds POST /requests/{id}/notify to once an hour. */
    lastNotifiedAt: ts("last_notified_at"),
    /**
     * Who heard of the last posting notice (PRODUCT "Who will hear"): members other than the requester told at
     * once, in the next daily summary, or only in the app. Written with last_notified_at; null before issue 26.
     */
    lastReachNow: integer("last_reach_now"),
    lastReachDaily: integer("last_reach_daily"),
    lastReachAppOnly: integer("last_reach_app_only"),
    /** Of the same notice (issue 41): resting helpers told later if nobody has offered, and those told in the weekly summary; null before issue 41 (read as 0). */
    lastReachLater: integer("last_reach_later"),
    lastReachWeekly: integer("last_reach_weekly"),
    /**
     * When someone first offered to help (issue 41): a claim, a tripper taking it, an item added to a trip or
     * an occurrence made claimed by its regular helper. Kept when the claim is given back: the time to first
     * offer is the first one's.
     */
    firstOfferedAt: ts("first_offered_at"),
    /** When the requester sent the one-tap "Thank you" for a fulfilled request (once; issue 15). */
    thankedAt: ts("thanked_at"),
    /** Bumped by every change of status or helper, in the same UPDATE: the calendar event's SEQUENCE (RFC 5545). */
    revision: integer("revision").notNull().default(0),
    /** The trip it is an item of (issue 28, ADR 0022); a cancelled trip's items are let go (null). */
    tripId: uuid("trip_id").references(() => trips.id, { onDelete: "set null" }),
    /**
     * The trip it left as "Not there" (issue 43 §1): off that trip and back with its requester, open again or
     * closed as their "if it is not there" chose; the trip's list still says what became of it.
     */
    notThereTripId: uuid("not_there_trip_id").references(() => trips.id, { onDelete: "set null" }),
    /** How many; 1 for an ordinary request. */
    quantity: integer("quantity").notNull().default(1),
    /** The tripper's tick on the shopping list; null off a trip. */
    tripMark: text("trip_mark", { enum: TRIP_ITEM_MARKS }),
    /** The repeating request it is an occurrence of (issue 28 §2, ADR 0023); null for a single request. */
    seriesId: uuid("series_id").references(() => requestSeries.id, { onDelete: "set null" }),
    /** Which occurrence of its series (0 the first); with series_id unique, so each is created once. */
    occurrenceIndex: integer("occurrence_index"),
    /** The neighbour without the app it was posted for (issue 42 §1); the poster (user_id) acts for them. */
    onBehalfOf: uuid("on_behalf_of").references(() => offlineMembers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("requests_status_check", sql`${t.status} IN ('open', 'claimed', 'fulfilled', 'expired')`),
    check("requests_if_unavailable_check", sql`${t.ifUnavailable} IN (${inList(IF_UNAVAILABLE_CHOICES)})`),
    check("requests_trip_mark_check", sql`${t.tripMark} IS NULL OR ${t.tripMark} IN (${inList(TRIP_ITEM_MARKS)})`),
    check("requests_quantity_check", sql`${t.quantity} BETWEEN 1 AND 99`),
    index("requests_trip_id_idx").on(t.tripId),
    index("requests_not_there_trip_id_idx").on(t.notThereTripId),
    uniqueIndex("requests_series_occurrence_unique").on(t.seriesId, t.occurrenceIndex),
    index("requests_group_status_needed_by_idx").on(t.groupId, t.status, t.neededBy),
    // needed_by too: a person's active requests skip their expired ones (status "open") in the index.
    index("requests_user_status_needed_by_idx").on(t.userId, t.status, t.neededBy),
    index("requests_claimed_by_idx").on(t.claimedBy),
    index("requests_on_behalf_of_idx").on(t.onBehalfOf),
    index("requests_created_at_idx").on(t.createdAt),
    // The keysets of a person's and a group's list pages (ADR 0014): newest first by (created_at, id).
    index("requests_user_created_at_id_idx").on(t.userId, t.createdAt, t.id),
    index("requests_group_created_at_id_idx").on(t.groupId, t.createdAt, t.id),
  ],
);
