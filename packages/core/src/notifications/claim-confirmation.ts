import { preparedStatement, users, type Executor } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import { selectCalendarEntry } from "../calendar/entries";
import { CALENDAR_ATTACHMENT_TYPE, renderCalendar, requestCalendarFilename } from "../calendar/ics";
import { enqueueEmail } from "../mail/outbox";
import type { CoreConfig } from "../shared/config";
import type { UnsubscribeLinks } from "../unsubscribe/links";
import { notificationLinks } from "./immediate";
import { channelsFor } from "../preferences/notification-preferences";
import { claimConfirmationEmail } from "../mail/templates";
import { localeOf } from "../shared/locale";

const helperAddress = preparedStatement((executor) =>
  executor
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, sql.placeholder("helperId")))
    .prepare("claim_confirmation_helper"),
);

/**
 * "You're helping {name} with {item}" to the helper who just claimed, with the request's calendar
 * file attached; queued in the claim's transaction, so it goes out if and only if the claim commits.
 */
export async function enqueueClaimConfirmation(
  tx: Executor,
  config: CoreConfig,
  unsubscribe: UnsubscribeLinks,
  helperId: string,
  requestId: string,
  now: Date,
): Promise<boolean> {
  if (!(await channelsFor(tx, helperId, "reminders")).email) return false;
  const entry = await selectCalendarEntry(tx, config, requestId, helperId);
  const [helper] = await helperAddress(tx).execute({ helperId });
  if (!entry || !helper) return false;
  const locale = localeOf(helper.locale);
  const ics = renderCalendar([entry], { appUrl: config.appUrl, readerId: helperId, now, locale });
  await enqueueEmail(tx, now, {
    ...claimConfirmationEmail(
      helper.email,
      { requesterName: entry.requesterName, request: entry },
      notificationLinks(config, unsubscribe, helperId, { kind: "reminders" }, locale),
    ),
    attachments: [
      { filename: requestCalendarFilename(entry.itemDescription), contentType: CALENDAR_ATTACHMENT_TYPE, content: ics },
    ],
    type: "claim_confirmation",
    userId: helperId,
    requestIds: [requestId],
  });
  return true;
}
