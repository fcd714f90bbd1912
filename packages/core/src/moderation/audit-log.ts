import { adminAudit } from "@hyn/db";
import type { adminAuditPageInput, AdminAuditPage } from "@hyn/validators";
import { desc, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";

export type AuditPageInput = z.output<typeof adminAuditPageInput>;

/**
 * GET /admin/audit: a page of entries, newest first. Keyset on (created_at, id), the index's order: the
 * cursor is the last entry's id, so entries written meanwhile (at the top) never shift the later pages.
 * One more row than asked says whether a next page exists.
 */
export async function auditLog(deps: CoreDeps, input: AuditPageInput): Promise<AdminAuditPage> {
  const after = input.cursor
    ? sql`(${adminAudit.createdAt}, ${adminAudit.id}) < (select a.created_at, a.id from admin_audit a where a.id = ${input.cursor})`
    : undefined;
  const rows = await deps.db
    .select({
      id: adminAudit.id,
      createdAt: adminAudit.createdAt,
      adminId: adminAudit.adminId,
      adminLabel: adminAudit.adminLabel,
      action: adminAudit.action,
      subjectId: adminAudit.subjectId,
      subjectLabel: adminAudit.subjectLabel,
      reportId: adminAudit.reportId,
      reason: adminAudit.reason,
      details: adminAudit.details,
      subjectSuspended: sql<boolean | null>`case when ${adminAudit.action} = 'user_suspended' then exists (
        select 1 from users u where u.id = ${adminAudit.subjectId} and u.suspended_at is not null) end`,
    })
    .from(adminAudit)
    .where(after)
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    entries: page.map(({ adminId, adminLabel, ...row }) => ({ ...row, admin: { id: adminId, label: adminLabel } })),
    nextCursor: rows.length > input.limit ? page.at(-1)!.id : null,
  };
}
