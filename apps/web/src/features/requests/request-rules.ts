import {
  REQUEST_DISPLAY_ORDER,
  requestDisplayStatus,
  requestPermissions as permissionsOf,
  type RequestDisplayStatus,
  type RequestPermissions,
  type RequestStatus,
} from "@hyn/validators/rules";
import { awaitingFirstOffer } from "@hyn/validators/first-offer";
import { dateOf, formatWeekdayTime, msOf, type Time } from "../../lib/dates";
import { translate } from "../../i18n/useT";

export type { RequestPermissions } from "@hyn/validators/rules";

/** The fields of a request that the rules below read (a RequestView has them all). */
export interface RequestFacts {
  id: string;
  userId: string;
  status: RequestStatus;
  neededBy: Time;
  claimedBy: string | null;
  createdAt: Time;
  /** When someone first offered (issue 41); absent where a list does not say, which reads as "someone has". */
  firstOfferedAt?: Time | null;
}

/** Who may claim, unclaim, fulfil, delete or notify: the one rule, shared with the server, on the wire's times. */
export function requestPermissions(
  request: Pick<RequestFacts, "userId" | "status" | "neededBy" | "claimedBy">,
  viewerId: string,
  now: Date,
): RequestPermissions {
  return permissionsOf({ ...request, neededBy: dateOf(request.neededBy) }, viewerId, now);
}

/** How a person is named on a card: their name, else "A neighbour" (in the current language). */
export const personName = (name: string) => name.trim() || translate("requests.aNeighbour");

/** PRODUCT "How things change": "expired" is an open request whose needed-by time has passed, judged again on every render. */
export function displayStatusOf(request: Pick<RequestFacts, "status" | "neededBy">, now: Date): RequestDisplayStatus {
  return requestDisplayStatus(request.status, dateOf(request.neededBy), now);
}

/**
 * "Nobody has offered yet" (issue 41 §3): open, never offered for, and past half its time to needed-by (at least 2
 * hours after posting), judged again on every render as the server judges it.
 */
export const awaitingFirstOfferOf: (request: RequestFacts, now: Date) => boolean = awaitingFirstOffer;

/** Where a request sorts: one nobody has offered for yet first (issue 41 §3), then by its displayed status. */
function rankOf(request: RequestFacts, now: Date): number {
  return awaitingFirstOfferOf(request, now) ? -1 : REQUEST_DISPLAY_ORDER[displayStatusOf(request, now)];
}

/**
 * PRODUCT "How things change" list order: a request nobody has offered for at half its time (issue 41), open, claimed,
 * fulfilled, expired, then earliest needed-by; ties as the server breaks them (created, then id), so a list the server
 * sorted keeps its order until something expires or turns unoffered.
 */
export function sortRequests<T extends RequestFacts>(list: readonly T[], now: Date): T[] {
  return [...list].sort(
    (a, b) =>
      rankOf(a, now) - rankOf(b, now) ||
      msOf(a.neededBy) - msOf(b.neededBy) ||
      msOf(a.createdAt) - msOf(b.createdAt) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * A sorted list with the cards the viewer just acted on back at the places they had (`kept`: id -> index), so a card
 * does not jump away from the finger that tapped "I can help"; the next visit shows it at its sorted place.
 */
export function keepPlaces<T extends { id: string }>(sorted: readonly T[], kept: ReadonlyMap<string, number>): T[] {
  const placed = sorted.filter((item) => !kept.has(item.id));
  const held = sorted.filter((item) => kept.has(item.id)).sort((a, b) => kept.get(a.id)! - kept.get(b.id)!);
  // In ascending order of place, each insertion lands at its own index.
  for (const item of held) placed.splice(Math.min(kept.get(item.id)!, placed.length), 0, item);
  return placed;
}

/** When the next open request in these lists expires (so the page can re-render right then), or null. */
export function nextExpiry(lists: readonly (readonly RequestFacts[])[], now: Date): Date | null {
  let next: number | null = null;
  for (const list of lists) {
    for (const request of list) {
      const at = msOf(request.neededBy);
      if (request.status === "open" && at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next === null ? null : new Date(next);
}

/**
 * A needed-by time people read at a glance: "Sat 14 Jun, 18:00", with the year only when it is not
 * this year, in the browser's time zone.
 */
export function formatNeededBy(date: Time, now: Date): string {
  return formatWeekdayTime(date, now);
}

/** The difference between the server's clock and this browser's, from a response and when it arrived. */
export function clockOffsetMs(serverTime: Time, receivedAtMs: number): number {
  return msOf(serverTime) - receivedAtMs;
}
