import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { requests } from "./requests";
import { users } from "./users";

/**
 * The two reminders before a request's needed-by time (issue 15): to its helper, to its requester; and
 * the group's "Still needed" nudge of a request still open (issue 26), one row for all its recipients; and
 * the resting helpers' late posting notice (issue 41 §2), one row per notice (`claim_key`: the notice's time).
 */
export const REQUEST_REMINDER_KINDS = ["helper", "requester", "still_needed", "later_reach"] as const;

/**
 * Each reminder that was sent, written in the transaction that queues its e-mail: the primary key makes
 * a second run of the same reminder (a retry, a restart, another instance) insert nothing and send
 * nothing. `claim_key` names the claim a helper's reminder was for (claimer and claim time), so a new
 * claim after an unclaim has a reminder of its own; it is '' for the requester's. Goes with the request.
 */
export const requestReminders = pgTable(
  "request_reminders",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REQUEST_REMINDER_KINDS }).notNull(),
    claimKey: text("claim_key").notNull().default(""),
    sentAt: ts("sent_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.kind, t.claimKey], name: "request_reminders_pkey" }),
    check("request_reminders_kind_check", sql`${t.kind} IN ('helper', 'requester', 'still_needed', 'later_reach')`),
  ],
);

/**
 * How many times a request was announced to one person (issue 43 §4), whichever route: the posting notice,
 * "Notify group", the resting helpers' late notice, "Still needed", a give-back told to the group. At most
 * twice (posting and one reminder); written in the transaction that queues the notice. Goes with the
 * request or the person.
 */
export const requestAnnouncements = pgTable(
  "request_announcements",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requests.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    times: integer("times").notNull(),
    lastAt: ts("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId], name: "request_announcements_pkey" })],
);
