import { groups, reports, requests, users, type Transaction } from "@hyn/db";
import type { GroupReport, removeReportedRequestInput } from "@hyn/validators";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { displayNameSql } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { dismissReportIn } from "./dismiss-report";
import { removeRequestIn } from "./remove-request";

/** The owner's queue shows at most this many open reports, newest first (as the admin's). */
const OWNER_REPORT_QUEUE_SIZE = 200;

export type RemoveReportedRequest = z.output<typeof removeReportedRequestInput>;

/**
 * The reports a group's owner may see and answer (issue 43), besides admins: open reports about a request
 * in a group they own, never one about their own request (nor, as before, about any person: those stay
 * with admins). The one condition every owner's read and action is held to.
 */
const ownersReport = (ownerId: string) =>
  and(
    eq(reports.status, "open"),
    eq(reports.subjectKind, "request"),
    ne(reports.subjectUserId, ownerId),
    sql`${reports.groupId} in (select g.id from ${groups} g where g.created_by = ${ownerId})`,
  );

/** GET /reports/my-groups: the owner's queue, newest first, in one statement. */
export async function groupOwnerReports(deps: CoreDeps, ownerId: string): Promise<GroupReport[]> {
  const rows = await deps.db
    .select({
      id: reports.id,
      category: reports.category,
      note: reports.note,
      createdAt: reports.createdAt,
      groupId: groups.id,
      groupName: groups.name,
      requestId: requests.id,
      itemDescription: requests.itemDescription,
      status: requests.status,
      authorName: displayNameSql(users),
    })
    .from(reports)
    .innerJoin(groups, eq(groups.id, reports.groupId))
    .innerJoin(requests, eq(requests.id, reports.requestId))
    .innerJoin(users, eq(users.id, requests.userId))
    .where(ownersReport(ownerId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(OWNER_REPORT_QUEUE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    note: row.note,
    createdAt: row.createdAt,
    group: { id: row.groupId, name: row.groupName },
    request: {
      id: row.requestId,
      itemDescription: row.itemDescription,
      status: row.status,
      authorName: row.authorName,
    },
  }));
}

/** The report, locked, if the owner may answer it; anyone else's (or gone, or closed): "Report not found". */
async function lockOwnersReport(tx: Transaction, ownerId: string, reportId: string) {
  const [report] = await tx
    .select({ id: reports.id, requestId: reports.requestId })
    .from(reports)
    .where(and(eq(reports.id, reportId), ownersReport(ownerId)))
    .for("update");
  if (!report?.requestId) throw new AppError("NOT_FOUND", "reportNotFound");
  return { id: report.id, requestId: report.requestId };
}

/** POST /reports/{id}/dismiss: the owner closes a report about their group without action (audited as an admin's). */
export async function dismissAsOwner(deps: CoreDeps, ownerId: string, reportId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockOwnersReport(tx, ownerId, reportId);
    await dismissReportIn(tx, ownerId, now, reportId);
  });
}

/** DELETE /reports/{id}/request: the owner removes the reported request from their group; its reports close. */
export async function removeReportedRequest(deps: CoreDeps, ownerId: string, input: RemoveReportedRequest) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const report = await lockOwnersReport(tx, ownerId, input.reportId);
    await removeRequestIn(tx, ownerId, now, { id: report.requestId, reportId: report.id, reason: input.reason });
  });
}
