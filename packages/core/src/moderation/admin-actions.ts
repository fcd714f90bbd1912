import { adminAudit, groupMembers, groups, invites, reports, requests, users, type Transaction } from "@hyn/db";
import {
  type adminAuditPageInput,
  type AdminAuditAction,
  type AdminAuditPage,
  type removeGroupInput,
  type removeRequestInput,
  type reinstateUserInput,
  type Suspension,
  type suspendUserInput,
} from "@hyn/validators";
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { invalidateUserSessions } from "../accounts/sessions";
import { publishRequestEvent } from "../events/publish";
import { enqueueEmail } from "../mail/outbox";
import { accountSuspendedEmail, groupRemovedEmail } from "../mail/templates";
import { reopenedClaim } from "../requests/reopened-claim";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { endTripsOf, itemNotices } from "../trips/endings";

type SuspendUser = z.output<typeof suspendUserInput>;
type ReinstateUser = z.output<typeof reinstateUserInput>;
type RemoveRequest = z.output<typeof removeRequestInput>;
type RemoveGroup = z.output<typeof removeGroupInput>;
type AuditPageInput = z.output<typeof adminAuditPageInput>;

interface AuditRecord {
  action: AdminAuditAction;
  subjectId: string;
  subjectLabel: string;
  reportId?: string | undefined;
  reason?: string | null | undefined;
  details?: Record<string, number>;
}

/**
 * The admin's actions (issue 29, ADR 0024). Each one is a conditional change and its audit row in one
 * transaction: the row is written if and only if the action happened. The audit log only grows: the
 * app has no statement that changes or deletes a row, and the database refuses one (migration 0025).
 */
export function createAdminActionsService(deps: CoreDeps) {
  const { db, clock, config } = deps;

  async function audit(tx: Transaction, adminId: string, now: Date, record: AuditRecord): Promise<void> {
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
  async function closeReports(
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

  return {
    /** POST /admin/reports/{id}/dismiss: an open report closed without action. */
    async dismissReport(adminId: string, reportId: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
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
      });
    },

    /**
     * POST /admin/users/{id}/suspend (PRODUCT "Suspension"), in one transaction: the account is marked, its
     * sessions end, its open trips are cancelled (their items given back, each requester told, as a cancelled
     * trip tells them; `endTripsOf`, as a departure from every group), its open requests are withdrawn, its
     * claims reopened, its pending invitations cancelled,
     * the open reports about it closed, the person told by e-mail. Marking the row first waits for any post
     * or claim of theirs in flight (they hold it FOR SHARE: requests/statements.ts), which the statements after
     * it then see; one that starts later finds the account suspended and is refused.
     */
    async suspend(adminId: string, input: SuspendUser): Promise<Suspension> {
      if (input.id === adminId) throw new AppError("BAD_REQUEST", "cannotSuspendYourself");
      const now = clock.now();
      const notices = await itemNotices(deps, now);
      return db.transaction(async (tx) => {
        const [person] = await tx
          .update(users)
          .set({ suspendedAt: now })
          .where(and(eq(users.id, input.id), isNull(users.suspendedAt)))
          .returning({ email: users.email, name: users.name, locale: users.locale });
        if (!person) {
          const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
          throw exists ? new AppError("CONFLICT", "alreadySuspended") : new AppError("NOT_FOUND", "userNotFound");
        }
        const endedSessions = await invalidateUserSessions(tx, input.id);
        const givenBackFromTrips = await endTripsOf(tx, notices, input.id, "every group");
        const reopened = await tx
          .update(requests)
          .set(reopenedClaim())
          .where(and(eq(requests.claimedBy, input.id), eq(requests.status, "claimed")))
          .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
        for (const request of reopened)
          await publishRequestEvent(tx, { type: "request.unclaimed", requestId: request.id, ...request });
        const withdrawn = await tx
          .delete(requests)
          .where(and(eq(requests.userId, input.id), eq(requests.status, "open")))
          .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
        for (const request of withdrawn)
          await publishRequestEvent(tx, { type: "request.deleted", requestId: request.id, ...request });
        const cancelled = await tx
          .delete(invites)
          .where(and(eq(invites.invitedBy, input.id), isNull(invites.usedAt)))
          .returning({ id: invites.id });
        await closeReports(tx, adminId, now, eq(reports.subjectUserId, input.id), input.reportId);
        const result: Suspension = {
          withdrawnRequests: withdrawn.length,
          reopenedClaims: givenBackFromTrips + reopened.length,
          cancelledInvitations: cancelled.length,
          endedSessions,
        };
        await audit(tx, adminId, now, {
          action: "user_suspended",
          subjectId: input.id,
          subjectLabel: `${displayName(person.name, person.email)} <${person.email}>`,
          reportId: input.reportId,
          reason: input.reason,
          details: { ...result },
        });
        await enqueueEmail(tx, now, {
          ...accountSuspendedEmail(
            person.email,
            { reason: input.reason, withdrawn: withdrawn.length, reopened: result.reopenedClaims },
            localeOf(person.locale),
          ),
          type: "account_suspended",
          userId: input.id,
        });
        return result;
      });
    },

    /** POST /admin/users/{id}/reinstate: lifts the suspension only; nothing withdrawn comes back. */
    async reinstate(adminId: string, input: ReinstateUser): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [person] = await tx
          .update(users)
          .set({ suspendedAt: null })
          .where(and(eq(users.id, input.id), isNotNull(users.suspendedAt)))
          .returning({ email: users.email, name: users.name });
        if (!person) {
          const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
          throw exists ? new AppError("CONFLICT", "notSuspended") : new AppError("NOT_FOUND", "userNotFound");
        }
        await audit(tx, adminId, now, {
          action: "user_reinstated",
          subjectId: input.id,
          subjectLabel: `${displayName(person.name, person.email)} <${person.email}>`,
          reason: input.reason,
        });
      });
    },

    /** DELETE /admin/requests/{id}: the request goes, whatever its state; reports about it are closed. */
    async removeRequest(adminId: string, input: RemoveRequest): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await closeReports(tx, adminId, now, eq(reports.requestId, input.id), input.reportId);
        const [removed] = await tx.delete(requests).where(eq(requests.id, input.id)).returning({
          id: requests.id,
          groupId: requests.groupId,
          ownerId: requests.userId,
          itemDescription: requests.itemDescription,
        });
        if (!removed) throw new AppError("NOT_FOUND", "requestNotFound");
        const { id, groupId, ownerId } = removed;
        await publishRequestEvent(tx, { type: "request.deleted", requestId: id, groupId, ownerId });
        await audit(tx, adminId, now, {
          action: "request_removed",
          subjectId: removed.id,
          subjectLabel: removed.itemDescription,
          reportId: input.reportId,
          reason: input.reason,
        });
      });
    },

    /** DELETE /admin/groups/{id}: the group goes with its requests and invitations; every member is told. */
    async removeGroup(adminId: string, input: RemoveGroup): Promise<void> {
      const now = clock.now();
      const url = `${config.appUrl}/groups`;
      await db.transaction(async (tx) => {
        const [group] = await tx
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(eq(groups.id, input.id))
          .for("update");
        if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
        const members = await tx
          .select({ id: users.id, email: users.email, locale: users.locale })
          .from(groupMembers)
          .innerJoin(users, eq(users.id, groupMembers.userId))
          .where(eq(groupMembers.groupId, group.id));
        await closeReports(tx, adminId, now, eq(reports.groupId, group.id), input.reportId);
        await tx.delete(groups).where(eq(groups.id, group.id));
        for (const member of members)
          await enqueueEmail(tx, now, {
            ...groupRemovedEmail(member.email, { groupName: group.name, url }, localeOf(member.locale)),
            type: "group_removed",
            userId: member.id,
          });
        await audit(tx, adminId, now, {
          action: "group_removed",
          subjectId: group.id,
          subjectLabel: group.name,
          reportId: input.reportId,
          reason: input.reason,
          details: { members: members.length },
        });
      });
    },

    /**
     * GET /admin/audit: a page of entries, newest first. Keyset on (created_at, id), the index's order: the
     * cursor is the last entry's id, so entries written meanwhile (at the top) never shift the later pages.
     * One more row than asked says whether a next page exists.
     */
    async auditLog(input: AuditPageInput): Promise<AdminAuditPage> {
      const after = input.cursor
        ? sql`(${adminAudit.createdAt}, ${adminAudit.id}) < (select a.created_at, a.id from admin_audit a where a.id = ${input.cursor})`
        : undefined;
      const rows = await db
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
    },
  };
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

export type AdminActionsService = ReturnType<typeof createAdminActionsService>;
