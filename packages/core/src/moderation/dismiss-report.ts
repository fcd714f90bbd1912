import { reports, requests, users, type Transaction } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { audit } from "./audit";

/** POST /admin/reports/{id}/dismiss: an open report closed without action. */
export async function dismissReport(deps: CoreDeps, adminId: string, reportId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => dismissReportIn(tx, adminId, now, reportId));
}

/** The dismissal and its audit row, in the caller's transaction (an admin's, or a group owner's: owner-reports.ts). */
export async function dismissReportIn(tx: Transaction, adminId: string, now: Date, reportId: string): Promise<void> {
  const [report] = await tx
    .update(reports)
    .set({ status: "dismissed", resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({
      subjectKey: reports.subjectKey,
      subjectUserId: reports.subjectUserId,
      requestId: reports.requestId,
    });
  if (!report) throw new AppError("NOT_FOUND", "reportNotFound");
  const label = await subjectLabel(tx, report);
  await audit(tx, adminId, now, {
    action: "report_dismissed",
    subjectId: report.subjectKey,
    subjectLabel: label,
    reportId,
  });
}

/** What a report's subject is called now: the request's text, else the person's name. */
async function subjectLabel(
  tx: Transaction,
  report: { subjectUserId: string; requestId: string | null },
): Promise<string> {
  if (report.requestId) {
    const [request] = await tx
      .select({ itemDescription: requests.itemDescription })
      .from(requests)
      .where(eq(requests.id, report.requestId));
    if (request) return request.itemDescription;
  }
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, report.subjectUserId));
  return person ? `${displayName(person.name, person.email)} <${person.email}>` : report.subjectUserId;
}
