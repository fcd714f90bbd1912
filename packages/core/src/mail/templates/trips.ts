import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, wordsFor, type NotificationLinks } from "./request-summary";
import { oneLine, shorten } from "./text";

/** The trip as its announcement describes it; every value came from a person and is escaped by renderEmail. */
export interface TripSummary {
  tripperName: string;
  store: string;
  departsAt: Date;
  closesAt: Date;
  note: string | null;
  /** `${APP_URL}/trips/<id>`: the trip's page, where items are added. */
  url: string;
}

/** "{tripper} is going to {store}": a neighbour announced a trip to one of the reader's groups (issue 28). */
export function tripAnnouncedEmail(to: string, trip: TripSummary, links: NotificationLinks): EmailMessage {
  const { t, when } = wordsFor(links);
  const tripper = oneLine(trip.tripperName) || t("email.ANeighbour");
  const store = oneLine(trip.store);
  return renderEmail({
    to,
    subject: t("email.tripAnnouncedSubject", { tripper, store: shorten(store, 60) }),
    paragraphs: [
      t("email.tripAnnouncedIntro", { tripper, store, departs: when(trip.departsAt) }),
      t("email.tripAnnouncedCloses", { closes: when(trip.closesAt) }),
      ...(trip.note ? [trip.note] : []),
    ],
    action: { label: t("email.tripAnnouncedAction"), url: trip.url },
    ...notificationFooter(links),
  });
}
