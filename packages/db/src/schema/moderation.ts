import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ADMIN_AUDIT_ACTIONS, REPORT_CATEGORIES } from "@hyn/validators/policy";
import { createdAt, id, ts } from "./columns";
import { groups } from "./groups";
import { requests } from "./requests";
import { users } from "./users";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

/**
 * A member's report of a request or of another member (issue 29, ADR 0024). `subject_user_id` is always
 * the person reported (a request's author for a request), so "how many reports" counts both kinds;
 * `request_id` is kept while the request exists. One open report per reporter and subject.
 */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectKind: text("subject_kind", { enum: ["request", "user"] }).notNull(),
    subjectUserId: uuid("subject_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => requests.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    category: text("category", { enum: REPORT_CATEGORIES }).notNull(),
    note: text("note"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    /** The subject's key while open: the request's id, or the member's. */
    subjectKey: uuid("subject_key").notNull(),
    createdAt: createdAt(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reports_open_reporter_subject_unique")
      .on(t.reporterId, t.subjectKind, t.subjectKey)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("reports_subject_user_id_idx").on(t.subjectUserId),
    check("reports_category_check", sql`${t.category} IN (${inList(REPORT_CATEGORIES)})`),
    check("reports_status_check", sql`${t.status} IN (${inList(REPORT_STATUSES)})`),
    check("reports_subject_kind_check", sql`${t.subjectKind} IN ('request', 'user')`),
  ],
);

/**
 * Every admin action (issue 29, ADR 0024): who, what, when, why. Append-only: a trigger (migration 0025)
 * refuses UPDATE and DELETE, and no column references another table, so nothing cascades into it.
 * `subject_label` is what the subject was called when the action was taken (a request's text, a name,
 * a group's name), since the subject itself may be gone.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: id(),
    adminId: uuid("admin_id").notNull(),
    adminLabel: text("admin_label").notNull(),
    action: text("action", { enum: ADMIN_AUDIT_ACTIONS }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    subjectLabel: text("subject_label").notNull(),
    reportId: uuid("report_id"),
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_created_at_idx").on(t.createdAt, t.id),
    check("admin_audit_action_check", sql`${t.action} IN (${inList(ADMIN_AUDIT_ACTIONS)})`),
  ],
);
