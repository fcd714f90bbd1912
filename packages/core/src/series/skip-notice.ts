import { users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { occurrenceSkippedEmail } from "../mail/templates";
import { notificationLinks, summaryOf } from "../notifications/immediate";
import { channelsFor } from "../preferences/notification-preferences";
import type { CoreConfig } from "../shared/config";
import { localeOf } from "../shared/locale";
import type { UnsubscribeLinks } from "../unsubscribe/links";

/**
 * To the helper of an occurrence its requester skipped (ADR 0023): nothing to get this time. Under the helper's
 * "reminders" e-mails, as the claim confirmation that put it in their calendar; queued in the skip's transaction.
 */
export async function enqueueSkippedNotice(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  skipped: { helperId: string; request: RequestView },
  now: Date,
): Promise<boolean> {
  if (!(await channelsFor(tx, skipped.helperId, "reminders")).email) return false;
  const [helper] = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, skipped.helperId));
  if (!helper) return false;
  const locale = localeOf(helper.locale);
  await enqueueEmail(tx, now, {
    ...occurrenceSkippedEmail(
      helper.email,
      { requesterName: skipped.request.creator.name, request: summaryOf(config, skipped.request) },
      notificationLinks(config, unsubscribe, skipped.helperId, { kind: "reminders" }, locale),
    ),
    type: "occurrence_skipped",
    userId: skipped.helperId,
    requestIds: [],
  });
  return true;
}
