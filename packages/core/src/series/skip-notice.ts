import { emailOutbox, users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { occurrenceSkippedEmail } from "../mail/templates";
import { notificationLinks, summaryOf } from "../notifications/immediate";
import { channelsFor } from "../preferences/notification-preferences";
import { occurrenceSkippedPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreConfig } from "../shared/config";
import type { JobQueue } from "../shared/jobs";
import { localeOf } from "../shared/locale";
import type { UnsubscribeLinks } from "../unsubscribe/links";

/**
 * To the helper of an occurrence its requester skipped (ADR 0023): nothing to get this time. Under the helper's
 * "reminders", as the claim confirmation that put it in their calendar and the reminder before it: by e-mail and
 * on their devices, each as they chose; queued in the skip's transaction. True when any of it was queued.
 */
export async function enqueueSkippedNotice(
  tx: Executor,
  deps: { config: CoreConfig; jobs: JobQueue | undefined },
  unsubscribe: UnsubscribeLinks,
  skipped: { helperId: string; request: RequestView },
  now: Date,
): Promise<boolean> {
  const { config, jobs } = deps;
  const [helper] = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, skipped.helperId));
  if (!helper) return false;
  const locale = localeOf(helper.locale);
  const summary = summaryOf(config, skipped.request);
  // A push shows a person's own name only, never the address a display name can fall back to.
  const [requester] = await tx.select({ name: users.name }).from(users).where(eq(users.id, skipped.request.userId));
  const pushed = await queuePush(tx, jobs, {
    userId: skipped.helperId,
    event: `skipped:${skipped.request.id}`,
    payload: occurrenceSkippedPayload(
      { itemDescription: summary.itemDescription, groupName: summary.groupName, requestId: skipped.request.id },
      requester?.name ?? "",
      `${config.appUrl}/`,
      locale,
    ),
  });
  if (!(await channelsFor(tx, skipped.helperId, "reminders")).email) return pushed > 0;
  await enqueueEmail(tx, now, {
    ...occurrenceSkippedEmail(
      helper.email,
      { requesterName: skipped.request.creator.name, request: summary },
      notificationLinks(config, unsubscribe, skipped.helperId, { kind: "reminders" }, locale),
    ),
    type: "occurrence_skipped",
    userId: skipped.helperId,
    requestIds: [],
  });
  return true;
}

/**
 * A skipped occurrence's "New request" e-mails still waiting in the outbox (issue 43 §2), deleted: a week skipped
 * before anyone saw it sends nobody to a page that is gone. One a delivery pass holds (its lease running) may be
 * on its way and is left to it. Answers how many were dropped.
 */
export async function dropUnsentPostingNotices(tx: Executor, requestId: string, now: Date): Promise<number> {
  const dropped = await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.emailType, "request_posted"),
        isNull(emailOutbox.sentAt),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
        sql`${emailOutbox.requestIds} @> ${JSON.stringify([requestId])}::jsonb`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return dropped.length;
}
