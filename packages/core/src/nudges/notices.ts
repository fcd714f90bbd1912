import { users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import type { Locale } from "@hyn/validators/locales";
import { eq } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { givenBackEmail, stillNeededEmail } from "../mail/templates";
import { admitAnnouncements } from "../notifications/announcements";
import { notificationLinks, summaryOf } from "../notifications/immediate";
import { newRequestRecipients, type NewRequestRecipient } from "../preferences/notification-preferences";
import { stillWantedPayload, type PushPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreConfig } from "../shared/config";
import type { JobQueue } from "../shared/jobs";
import type { UnsubscribeLinks } from "../unsubscribe/links";

/** The two notices to a group about a request that still wants a helper (issue 26). */
export type StillWanted = "still_needed" | "given_back";

/**
 * Tells the request's group that it still wants a helper: to `recipients` (the "Still needed" alert's:
 * stillNeededRecipients), else to each member the new-request rule tells at once
 * (notification-preferences.ts: the group's frequency Immediate, a channel on for new requests),
 * narrowed by this notice's own kind, leaving out the requester and `except` (the helper who gave it
 * back). An e-mail and a push per device, as their channels say; runs in the caller's transaction.
 * The e-mail's unsubscribe link switches this kind off. Returns how many members were told.
 */
export async function enqueueStillWantedNotices(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  notice: { kind: StillWanted; request: RequestView; except?: string[]; recipients?: readonly NewRequestRecipient[] },
  now: Date,
  jobs?: JobQueue,
): Promise<number> {
  const { kind, request } = notice;
  // At most twice to the same person, whichever route (issue 43 §4).
  const recipients = await admitAnnouncements(
    tx,
    request.id,
    notice.recipients ??
      (await newRequestRecipients(tx, request.groupId, request.userId, { also: kind, except: notice.except ?? [] })),
    now,
  );
  if (recipients.length === 0) return 0;
  const summary = summaryOf(config, request);
  // A push shows a person's own name only, never the address a display name can fall back to.
  const [requester] = await tx.select({ name: users.name }).from(users).where(eq(users.id, request.userId));
  const pushPayloads = new Map<Locale, PushPayload>();
  let told = 0;
  for (const recipient of recipients) {
    let reached = false;
    if (recipient.channels.push && jobs) {
      let payload = pushPayloads.get(recipient.locale);
      if (!payload)
        pushPayloads.set(
          recipient.locale,
          (payload = stillWantedPayload(
            kind,
            { ...summary, requestId: request.id },
            requester?.name ?? "",
            recipient.locale,
          )),
        );
      reached =
        (await queuePush(tx, jobs, {
          userId: recipient.userId,
          event: `${kind}:${request.id}:${now.getTime()}`,
          payload,
        })) > 0;
    }
    if (!recipient.channels.email) {
      if (reached) told++;
      continue;
    }
    told++;
    const links = notificationLinks(config, unsubscribe, recipient.userId, { kind }, recipient.locale);
    const words = { requesterName: request.creator.name, request: summary };
    await enqueueEmail(tx, now, {
      ...(kind === "still_needed"
        ? stillNeededEmail(recipient.email, words, links)
        : givenBackEmail(recipient.email, words, links)),
      type: kind,
      userId: recipient.userId,
      requestIds: [request.id],
    });
  }
  return told;
}
