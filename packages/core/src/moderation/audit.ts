import { adminAudit, reports, users, type Transaction } from "@hyn/db";
import type { AdminAuditAction } from "@hyn/validators";
import { and, eq, or } from "drizzle-orm";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";

export interface AuditRecord {
  action: AdminAuditAction;
  subjectId: string;
  subjectLabel: string;
  reportId?: string | undefined;
  reason?: string | null | undefined;
  details?: Record<string, number>;
}

/**
 * Writes an admin action's audit row (issue 29, ADR 0024), in the action's own transaction: the row is written
 * if and only if the action happened. The audit log only grows: the app has no statement that changes or
 * deletes a row, and the database refuses one (migration 0025).
 */
export async function audit(tx: Transaction, adminId: string, now: Date, record: AuditRecord): Promise<void> {
  const [admin] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, adminId));
  await tx.insert(adminAudit).values({
    adminId,
    adminLabel: admin ? `${displayName(admin.name, admin.email)} <${admin.email}>` : adminId,
    action: record.action,
    subjectId: record.subjectId,
    subjectLabel: record.subjectLabel,
    reportId: record.reportId ?? null,
    reason: record.reason ? record.reason : null,
    details: record.details ?? null,
    createdAt: now,
  });
}

/** Closes open reports the action answered; the one it was taken from must still be open. */
export async function closeReports(
  tx: Transaction,
  adminId: string,
  now: Date,
  which: ReturnType<typeof eq> | undefined,
  reportId: string | undefined,
): Promise<void> {
  const closed = await tx
    .update(reports)
    .set({ status: "actioned", resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(reports.status, "open"), reportId ? or(eq(reports.id, reportId), which) : which))
    .returning({ id: reports.id });
  if (reportId && !closed.some((row) => row.id === reportId)) throw new AppError("NOT_FOUND", "reportNotFound");
}
