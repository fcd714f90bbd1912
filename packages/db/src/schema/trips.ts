import { TRIP_REPEAT_EVERY } from "@hyn/validators/rules";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, inList, ts } from "./columns";
import { groups } from "./groups";
import { users } from "./users";

/** What a trip's row stores; "closed" by its closing time is computed on read (`tripStatusAt`), never written. */
export const STORED_TRIP_STATUSES = ["open", "closed", "cancelled"] as const;

/**
 * A member's shopping trip others add items to (issue 28, ADR 0022). Its items are requests with
 * `requests.trip_id`; its groups are `trip_groups`. A weekly trip's next one is a new row of the same
 * `series_id` (the first trip's id), announced once: (series_id, departs_at) is unique.
 */
export const trips = pgTable(
  "trips",
  {
    id: id(),
    tripperId: uuid("tripper_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    store: text("store").notNull(),
    departsAt: ts("departs_at").notNull(),
    closesAt: ts("closes_at").notNull(),
    note: text("note"),
    maxItems: integer("max_items"),
    status: text("status", { enum: STORED_TRIP_STATUSES }).notNull().default("open"),
    repeat: text("repeat", { enum: TRIP_REPEAT_EVERY }),
    /** A weekly trip whose next one is not to be announced (the one after is). */
    skipNext: boolean("skip_next").notNull().default(false),
    seriesId: uuid("series_id"),
    closedAt: ts("closed_at"),
    cancelledAt: ts("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("trips_status_check", sql`${t.status} IN (${inList(STORED_TRIP_STATUSES)})`),
    check("trips_repeat_check", sql`${t.repeat} IS NULL OR ${t.repeat} IN (${inList(TRIP_REPEAT_EVERY)})`),
    check("trips_closes_before_departs_check", sql`${t.closesAt} <= ${t.departsAt}`),
    check("trips_max_items_check", sql`${t.maxItems} IS NULL OR ${t.maxItems} > 0`),
    index("trips_tripper_departs_at_idx").on(t.tripperId, t.departsAt),
    uniqueIndex("trips_series_departs_at_unique").on(t.seriesId, t.departsAt),
  ],
);

/** The groups a trip was announced to (one or more of the tripper's). */
export const tripGroups = pgTable(
  "trip_groups",
  {
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /**
     * The trip's `closes_at`, copied by a trigger (migration 0030), never written by the app: with the group it
     * lets a group's trips still taking items be found without reading the group's trip history (ADR 0022).
     */
    closesAt: ts("closes_at"),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.groupId] }),
    index("trip_groups_group_id_closes_at_idx").on(t.groupId, t.closesAt),
  ],
);
