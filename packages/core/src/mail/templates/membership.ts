import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { oneLine } from "./text";

/** PRODUCT "Departures": the owner removed the reader from a group; names the open requests withdrawn with them. */
export function removedFromGroupEmail(
  to: string,
  removal: { groupName: string; withdrawnItems: string[]; url: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(removal.groupName);
  const items = removal.withdrawnItems.map(oneLine);
  return renderEmail({
    to,
    locale,
    subject: t("email.removedSubject", { group }),
    paragraphs: [
      t("email.removedBody", { group, product: PRODUCT_NAME }),
      ...(items.length > 0 ? [t("email.removedWithdrawn", { count: items.length, items: items.join("; ") })] : []),
    ],
    action: { label: t("email.removedAction"), url: removal.url },
  });
}

/** PRODUCT "Departures": the owner handed the group to the reader. */
export function groupHandedOverEmail(
  to: string,
  handover: { groupName: string; previousOwnerName: string; url: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(handover.groupName);
  const owner = oneLine(handover.previousOwnerName);
  return renderEmail({
    to,
    locale,
    subject: t("email.handedOverSubject", { group }),
    paragraphs: [t("email.handedOverBody", { owner, group, product: PRODUCT_NAME })],
    action: { label: t("email.handedOverAction", { group }), url: handover.url },
  });
}
