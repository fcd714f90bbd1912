import { IF_UNAVAILABLE_CHOICES, IF_UNAVAILABLE_DEFAULT, REPEAT_EVERY } from "@hyn/validators/rules";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, inList, ts } from "./columns";
import { groups } from "./groups";
import { users } from "./users";

/**
 * A repeating request (issue 28 §2, ADR 0023): what each occurrence asks for and when they come back. Its
 * occurrences are ordinary `requests` rows with `series_id` and `occurrence_index`, one open at a time.
 */
export const requestSeries = pgTable(
  "request_series",
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
    pickupNotes: text("pickup_notes"),
    ifUnavailable: text("if_unavailable", { enum: IF_UNAVAILABLE_CHOICES }).notNull().default(IF_UNAVAILABLE_DEFAULT),
    every: text("every", { enum: REPEAT_EVERY }).notNull(),
    firstNeededBy: ts("first_needed_by").notNull(),
    until: ts("until"),
    /**
     * The occurrence that is (or was last) the series' current one: the job that creates the next moves it on
     * with a conditional UPDATE, so a stale or repeated job, or one racing a skip, creates nothing.
     */
    currentIndex: integer("current_index").notNull().default(0),
    /** The helper who took the whole series ("I can do this every week"): later occurrences are claimed for them. */
    helperId: uuid("helper_id").references(() => users.id, { onDelete: "set null" }),
    stoppedAt: ts("stopped_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("request_series_every_check", sql`${t.every} IN (${inList(REPEAT_EVERY)})`),
    check("request_series_if_unavailable_check", sql`${t.ifUnavailable} IN (${inList(IF_UNAVAILABLE_CHOICES)})`),
    check("request_series_until_check", sql`${t.until} IS NULL OR ${t.until} >= ${t.firstNeededBy}`),
    index("request_series_user_id_idx").on(t.userId),
    index("request_series_group_id_idx").on(t.groupId),
    index("request_series_helper_id_idx").on(t.helperId),
  ],
);
