import { groupMembers, groups, reports, requests, users, type Executor } from "@hyn/db";
import type { AdminReport, createReportInput } from "@hyn/validators";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { displayNameSql } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { requestVisibleTo } from "../request-views/view";
import { dismissAsOwner, groupOwnerReports, removeReportedRequest, type RemoveReportedRequest } from "./owner-reports";

type CreateReport = z.output<typeof createReportInput>;

/** The admin queue shows at most this many open reports, newest first. */
export const ADMIN_REPORT_QUEUE_SIZE = 200;

async function isMemberOf(executor: Executor, groupId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row !== undefined;
}

/**
 * What is reported, as the reporter may see it (PRODUCT "Reporting"): a request they may read
 * (`requestVisibleTo`: in a group they are in, with no block between them and its creator), or a member
 * of a group they share; anything else is "not found", as are they themselves.
 */
async function reportedSubject(executor: Executor, reporterId: string, input: CreateReport) {
  if ("requestId" in input.subject) {
    const [request] = await executor
      .select({ id: requests.id, userId: requests.userId, groupId: requests.groupId })
      .from(requests)
      .where(and(eq(requests.id, input.subject.requestId), requestVisibleTo(reporterId)));
    if (!request || request.groupId !== input.groupId) throw new AppError("NOT_FOUND", "requestNotFound");
    if (request.userId === reporterId) throw new AppError("NOT_FOUND", "cannotReportYourself");
    return { subjectKind: "request" as const, subjectUserId: request.userId, requestId: request.id };
  }
  const { userId } = input.subject;
  if (userId === reporterId) throw new AppError("NOT_FOUND", "cannotReportYourself");
  if (!(await isMemberOf(executor, input.groupId, reporterId)) || !(await isMemberOf(executor, input.groupId, userId)))
    throw new AppError("NOT_FOUND", "userNotFound");
  return { subjectKind: "user" as const, subjectUserId: userId, requestId: null };
}

export function createReportsService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    /**
     * POST /reports: one open report per reporter and subject (a second is a 409 that says it is already
     * with an admin: the partial unique index decides, so two at once make one row). Nothing is told to the
     * person reported.
     */
    async create(reporterId: string, input: CreateReport): Promise<{ id: string; createdAt: Date }> {
      const subject = await reportedSubject(db, reporterId, input);
      const now = clock.now();
      const [created] = await db
        .insert(reports)
        .values({
          reporterId,
          ...subject,
          subjectKey: subject.requestId ?? subject.subjectUserId,
          groupId: input.groupId,
          category: input.category,
          note: input.note,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id, createdAt: reports.createdAt });
      if (!created) throw new AppError("CONFLICT", "reportAlreadyOpen");
      return created;
    },

    /** Issue 43: a group's owner sees and answers reports about requests in their group (owner-reports.ts). */
    groupQueue: (ownerId: string) => groupOwnerReports(deps, ownerId),
    dismissInGroup: (ownerId: string, reportId: string) => dismissAsOwner(deps, ownerId, reportId),
    removeInGroup: (ownerId: string, input: RemoveReportedRequest) => removeReportedRequest(deps, ownerId, input),

    /** GET /admin/reports: open reports, newest first, each with its subject in context. */
    async openReports(): Promise<AdminReport[]> {
      const reporter = alias(users, "reporter");
      const subject = alias(users, "subject");
      const rows = await db
        .select({
          id: reports.id,
          category: reports.category,
          note: reports.note,
          createdAt: reports.createdAt,
          subjectKind: reports.subjectKind,
          reporterId: reports.reporterId,
          reporterName: displayNameSql(reporter),
          groupId: groups.id,
          groupName: groups.name,
          requestId: requests.id,
          itemDescription: requests.itemDescription,
          requestStatus: requests.status,
          userId: subject.id,
          userName: subject.name,
          userEmail: subject.email,
          suspendedAt: subject.suspendedAt,
          openReports:
            sql<number>`(select count(*) from ${reports} r2 where r2.subject_user_id = ${reports.subjectUserId} and r2.status = 'open')`.mapWith(
              Number,
            ),
          userGroups: sql<
            { id: string; name: string }[]
          >`(select coalesce(json_agg(json_build_object('id', g2.id, 'name', g2.name) order by g2.name), '[]'::json) from ${groupMembers} gm2 join ${groups} g2 on g2.id = gm2.group_id where gm2.user_id = ${reports.subjectUserId})`,
        })
        .from(reports)
        .innerJoin(reporter, eq(reporter.id, reports.reporterId))
        .innerJoin(subject, eq(subject.id, reports.subjectUserId))
        .leftJoin(groups, eq(groups.id, reports.groupId))
        .leftJoin(requests, eq(requests.id, reports.requestId))
        .where(eq(reports.status, "open"))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(ADMIN_REPORT_QUEUE_SIZE);
      return rows.map((row) => ({
        id: row.id,
        category: row.category,
        note: row.note,
        createdAt: row.createdAt,
        subjectKind: row.subjectKind,
        reporter: { id: row.reporterId, name: row.reporterName },
        group: row.groupId && row.groupName ? { id: row.groupId, name: row.groupName } : null,
        request:
          row.requestId && row.itemDescription !== null && row.requestStatus
            ? { id: row.requestId, itemDescription: row.itemDescription, status: row.requestStatus }
            : null,
        user: {
          id: row.userId,
          name: row.userName,
          email: row.userEmail,
          suspended: row.suspendedAt !== null,
          groups: typeof row.userGroups === "string" ? JSON.parse(row.userGroups) : row.userGroups,
          openReports: row.openReports,
        },
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
