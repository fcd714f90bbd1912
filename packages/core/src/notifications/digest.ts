import { requests, userEmailPreferences, users, type Transaction } from "@hyn/db";
import { and, asc, eq, gt, isNull, lt, ne, or, type SQL } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import type { CoreDeps } from "../shared/deps";
import { inGroupsOf, NO_READER, selectRequestViews } from "../request-views/view";
import { notificationLinks, summaryOf } from "./immediate";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";
import { noBlockBetween } from "../shared/blocks";
import { inDailyGroupsOf, wantsDailySummarySql } from "../preferences/notification-preferences";
import { dailyDigestEmail } from "../mail/templates";
import { localeOf } from "../shared/locale";

export interface DigestRunOptions {
  /** The digest time being served (latestDigestSlot): members whose last summary is older get one. */
  slot: Date;
  /** Stops between two members (shutdown); a later run picks up the rest. */
  signal?: AbortSignal;
  /** Called after each member is settled, e-mailed or not (progress logs). */
  onMember?: (result: { userId: string; sent: boolean }) => void;
}

export interface DigestRunResult {
  considered: number;
  sent: number;
}

/**
 * One member's summary, in one transaction: the preferences row is taken with FOR UPDATE SKIP LOCKED
 * (another instance on the same member skips it), the e-mail is queued in the outbox, and
 * last_daily_sent moves to now, all committing together. A crash before the commit leaves the member
 * due; after it, done. So a run stopped at any point and started again, on this instance or another,
 * skips nobody and repeats nothing. Nothing new means no e-mail, and the member stays as they were.
 */
async function digestForMember(
  deps: CoreDeps,
  unsubscribe: UnsubscribeLinks,
  userId: string,
  slot: Date,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx: Transaction) => {
    const member = await takeDueMember(tx, userId, dueFor(slot));
    if (!member) return false;
    const fresh = await selectRequestViews(
      tx,
      now,
      and(
        inGroupsOf(userId),
        inDailyGroupsOf(userId, requests.groupId),
        ne(requests.userId, userId),
        noBlockBetween(userId, requests.userId),
        eq(requests.status, "open"),
        gt(requests.neededBy, now),
        member.lastDailySent ? gt(requests.createdAt, member.lastDailySent) : undefined,
      ),
      NO_READER,
    );
    if (fresh.length === 0) return false;
    await enqueueEmail(tx, now, {
      ...dailyDigestEmail(
        member.email,
        {
          dashboardUrl: `${deps.config.appUrl}/`,
          requests: fresh.map((request) => ({ ...summaryOf(deps.config, request), posterName: request.creator.name })),
        },
        // The summary's "Unsubscribe" stops new-request e-mails (every group's, and the summary itself).
        notificationLinks(deps.config, unsubscribe, userId, { kind: "new_requests" }, localeOf(member.locale)),
      ),
      type: "daily_digest",
      userId,
      requestIds: fresh.map((request) => request.id),
    });
    await tx
      .update(userEmailPreferences)
      .set({ lastDailySent: now, updatedAt: now })
      .where(eq(userEmailPreferences.userId, userId));
    return true;
  });
}

/**
 * A member's preferences row (and address, language, last summaries), taken FOR UPDATE SKIP LOCKED
 * while still `due`: undefined when another run holds it, or it was served meanwhile.
 */
export async function takeDueMember(tx: Transaction, userId: string, due: SQL | undefined) {
  const [member] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      lastDailySent: userEmailPreferences.lastDailySent,
      lastWeeklySent: userEmailPreferences.lastWeeklySent,
    })
    .from(userEmailPreferences)
    .innerJoin(users, eq(users.id, userEmailPreferences.userId))
    .where(and(eq(userEmailPreferences.userId, userId), due))
    .for("update", { of: userEmailPreferences, skipLocked: true });
  return member;
}

/** Members with a group on Daily (and new-request e-mails on) who have not had a summary since this slot. */
function dueFor(slot: Date) {
  return and(
    wantsDailySummarySql(userEmailPreferences.userId),
    or(isNull(userEmailPreferences.lastDailySent), lt(userEmailPreferences.lastDailySent, slot)),
  );
}

/**
 * The daily summary (issue 4): each member with a group on Daily gets one e-mail listing the open
 * requests posted in those groups since their last summary, at most once per slot, however many
 * instances run it and however often it is restarted.
 */
export async function runDailyDigest(deps: CoreDeps, options: DigestRunOptions): Promise<DigestRunResult> {
  return runPerMember(deps, options, dueFor(options.slot), (unsubscribe, userId) =>
    digestForMember(deps, unsubscribe, userId, options.slot),
  );
}

/**
 * A summary's run (the daily one, the weekly one): each member `due` selects, in id order, settled one by
 * one by `forMember` (its own transaction, which claims the member again and may find them taken), until
 * the run is told to stop.
 */
export async function runPerMember(
  deps: CoreDeps,
  options: DigestRunOptions,
  due: SQL | undefined,
  forMember: (unsubscribe: UnsubscribeLinks, userId: string) => Promise<boolean>,
): Promise<DigestRunResult> {
  const members = await deps.db
    .select({ userId: userEmailPreferences.userId })
    .from(userEmailPreferences)
    .where(due)
    .orderBy(asc(userEmailPreferences.userId));
  const result: DigestRunResult = { considered: 0, sent: 0 };
  const unsubscribe = await unsubscribeLinks(deps);
  for (const { userId } of members) {
    if (options.signal?.aborted) break;
    const sent = await forMember(unsubscribe, userId);
    result.considered++;
    if (sent) result.sent++;
    options.onMember?.({ userId, sent });
  }
  return result;
}
