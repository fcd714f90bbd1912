import type { UnsubscribeLink } from "../layout";
import { PRODUCT_NAME } from "../../shared/config";
import { formatWhen, oneLine } from "./text";

/** The request as an e-mail describes it; every value came from a person and is escaped by renderEmail. */
export interface RequestSummary {
  itemDescription: string;
  groupName: string;
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
  /** `${APP_URL}/requests/<id>`: the app's page of that one request. */
  url: string;
}

/** Per recipient: notification e-mails are non-essential, so each carries its reader's unsubscribe link. */
export interface NotificationLinks {
  /** What this e-mail's "Unsubscribe" turns off, and the profile's notifications section. */
  unsubscribe: UnsubscribeLink;
  timeZone: string;
}

export function details(request: RequestSummary, timeZone: string): string[] {
  return [
    `Needed by: ${formatWhen(request.neededBy, timeZone)}`,
    ...(request.storePreference ? [`Store preference: ${oneLine(request.storePreference)}`] : []),
    ...(request.pickupNotes ? [`Pickup notes: ${request.pickupNotes}`] : []),
  ];
}

/** The footer of every notification e-mail: why it came, and its reader's unsubscribe link. */
export function notificationFooter(links: NotificationLinks) {
  return {
    footer: [`You receive this because of your e-mail notification settings on ${PRODUCT_NAME}.`],
    unsubscribe: links.unsubscribe,
  };
}
