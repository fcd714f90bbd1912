import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_PAGE_SIZE,
  MAX_MODERATION_REASON_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
  PAGE_LIMIT_MAX,
  REPORT_CATEGORIES,
} from "./policy";
import { groupIdField } from "./groups";
import { inputString, multilineInputString } from "./text";

const userIdField = z.uuid({ error: messages.userNotFound });
const requestIdField = z.uuid({ error: messages.requestNotFound });
const reportIdField = z.uuid({ error: messages.reportNotFound });

/**
 * POST /reports (issue 29): a request or a member, in a group the reporter is in, with a category and an
 * optional note (trimmed; empty is none).
 */
export const createReportInput = z.object({
  subject: z.union([z.object({ requestId: requestIdField }).strict(), z.object({ userId: userIdField }).strict()], {
    error: messages.reportSubjectInvalid,
  }),
  groupId: groupIdField,
  category: z.enum(REPORT_CATEGORIES, { error: messages.reportCategoryInvalid }),
  note: multilineInputString()
    .max(MAX_REPORT_NOTE_LENGTH * 4, messages.reportNoteTooLong)
    .transform((v) => v.trim())
    .refine((v) => v.length <= MAX_REPORT_NOTE_LENGTH, messages.reportNoteTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateReportInput = z.input<typeof createReportInput>;

export const createReportOutput = z.object({ id: z.string(), createdAt: isoDateTime });

/** An admin's reason (a suspension needs one; a removal may give one), one line. */
const reasonField = inputString({ error: messages.suspensionReasonRequired })
  .trim()
  .max(MAX_MODERATION_REASON_LENGTH, messages.moderationReasonTooLong);

/** The report an action was taken from, if any: it is closed with the action. */
const fromReport = { reportId: reportIdField.optional() };

export const reportIdInput = z.object({ id: reportIdField });
export const suspendUserInput = z.object({
  id: userIdField,
  reason: reasonField.min(1, messages.suspensionReasonRequired),
  ...fromReport,
});
export type SuspendUserInput = z.input<typeof suspendUserInput>;
export const reinstateUserInput = z.object({ id: userIdField, reason: reasonField.optional() });
export const removeRequestInput = z.object({ id: requestIdField, reason: reasonField.optional(), ...fromReport });
/** A group's owner removes a reported request from their group (issue 43): from that report only. */
export const removeReportedRequestInput = z.object({ reportId: reportIdField, reason: reasonField.optional() });
export const removeGroupInput = z.object({ id: groupIdField, reason: reasonField.optional(), ...fromReport });

/** What a suspension undid in its transaction. */
export const suspensionOutput = z.object({
  withdrawnRequests: z.number().int(),
  reopenedClaims: z.number().int(),
  cancelledInvitations: z.number().int(),
  endedSessions: z.number().int(),
});
export type Suspension = z.input<typeof suspensionOutput>;

const reportedUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  suspended: z.boolean(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Open reports about this person or their requests, this one included. */
  openReports: z.number().int(),
});

/** One open report in the admin queue, with its subject in context. */
export const adminReportOutput = z.object({
  id: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  reporter: z.object({ id: z.string(), name: z.string() }),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  subjectKind: z.enum(["request", "user"]),
  /** The reported request, while it exists (null: removed since, or a report of a member). */
  request: z.object({ id: z.string(), itemDescription: z.string(), status: z.string() }).nullable(),
  user: reportedUser,
});
export type AdminReport = z.input<typeof adminReportOutput>;

/**
 * An open report about a request in a group the caller owns (issue 43), as its owner sees it: what was
 * reported and why, not who reported it.
 */
export const groupReportOutput = z.object({
  id: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  group: z.object({ id: z.string(), name: z.string() }),
  request: z.object({ id: z.string(), itemDescription: z.string(), status: z.string(), authorName: z.string() }),
});
export type GroupReport = z.input<typeof groupReportOutput>;

export const adminAuditEntryOutput = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  admin: z.object({ id: z.string(), label: z.string() }),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  subjectId: z.string(),
  subjectLabel: z.string(),
  reportId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.number()).nullable(),
  /** A suspension's entry: whether the account is suspended now (the admin may reinstate it); else null. */
  subjectSuspended: z.boolean().nullable(),
});
export type AdminAuditEntry = z.input<typeof adminAuditEntryOutput>;

/**
 * GET /admin/audit: a page of the log, newest first (keyset: `cursor` is the id of the last entry seen,
 * so entries written meanwhile never shift a page). Over REST, `limit` and `cursor` come from the query.
 */
export const adminAuditPageInput = z.object({
  limit: z.coerce
    .number({ error: messages.pageLimitInvalid })
    .int(messages.pageLimitInvalid)
    .min(1, messages.pageLimitInvalid)
    .max(PAGE_LIMIT_MAX, messages.pageLimitInvalid)
    .default(ADMIN_AUDIT_PAGE_SIZE),
  cursor: z
    .uuid({ error: messages.pageCursorInvalid })
    .nullish()
    .transform((cursor) => cursor ?? null),
});
export const adminAuditPageOutput = z.object({
  entries: z.array(adminAuditEntryOutput),
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.input<typeof adminAuditPageOutput>;
