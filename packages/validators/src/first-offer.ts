/**
 * A first offer for every request (issue 41 §3): when a request nobody has offered for is shown again at the top of
 * its group's list with "Nobody has offered yet". The one place the moment is stated: the server sorts and marks by
 * it, the answer cache expires by it, the web re-sorts by it and the "Still needed" alert is sent at it. Zod-free:
 * the web imports it.
 */
import { FIRST_OFFER_MIN_WAIT_HOURS, FIRST_OFFER_WAIT_SHARE } from "./policy";

const HOUR_MS = 60 * 60 * 1000;

/** A time as milliseconds: a Date, milliseconds, or ISO text as the wire carries it (so the web passes its views as they are). */
type Time = Date | number | string;
const ms = (time: Time): number => (typeof time === "string" ? Date.parse(time) : Number(time));

/** The moment an unoffered request is shown again and alerted: half-way to its needed-by, and at least 2 hours after posting. */
export function nobodyOfferedFrom(createdAt: Time, neededBy: Time): Date {
  const posted = ms(createdAt);
  const wait = Math.max(0, ms(neededBy) - posted);
  return new Date(posted + Math.max(Math.floor(wait * FIRST_OFFER_WAIT_SHARE), FIRST_OFFER_MIN_WAIT_HOURS * HOUR_MS));
}

/** What decides the mark: a request's status, times and when someone first offered (null: nobody yet). */
export interface FirstOfferFacts {
  status: string;
  createdAt: Time;
  neededBy: Time;
  /** Null: nobody yet. Absent (a list that does not say): read as offered. */
  firstOfferedAt?: Time | null;
}

/**
 * "Nobody has offered yet": open, never offered for (a claim given back counts as an offer), not yet past its needed-by,
 * and past the moment above. Such a request sorts above the rest of its list while it stays so.
 */
export function awaitingFirstOffer(request: FirstOfferFacts, now: Date | number): boolean {
  const at = Number(now);
  return (
    request.status === "open" &&
    request.firstOfferedAt === null &&
    at < ms(request.neededBy) &&
    at >= nobodyOfferedFrom(request.createdAt, request.neededBy).getTime()
  );
}

/** When an open, unoffered request will start to await its first offer (null: it never will, or already does). */
export function awaitingFirstOfferFrom(request: FirstOfferFacts, now: Date | number): Date | null {
  if (request.status !== "open" || request.firstOfferedAt !== null) return null;
  const from = nobodyOfferedFrom(request.createdAt, request.neededBy);
  return from.getTime() > Number(now) && from.getTime() < ms(request.neededBy) ? from : null;
}
