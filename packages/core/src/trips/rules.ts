import {
  TRIP_DEFAULT_CLOSE_LEAD_MINUTES,
  TRIP_MAX_DAYS_AHEAD,
  TRIP_REPEAT_ANNOUNCE_LEAD_DAYS,
} from "@hyn/validators/policy";
import type { MessageKey } from "@hyn/validators";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * When a trip announced at `now` closes its list, or why it cannot be announced (PRODUCT "Trips"): it leaves
 * in the future, at most TRIP_MAX_DAYS_AHEAD days ahead; its list closes before it leaves, by default
 * TRIP_DEFAULT_CLOSE_LEAD_MINUTES before (or as it leaves, when that hour has already begun).
 */
export function tripTimes(
  now: Date,
  departsAt: Date,
  closesAt: Date | null,
): { closesAt: Date } | { refusal: MessageKey } {
  if (departsAt.getTime() <= now.getTime()) return { refusal: "tripDepartsAtPast" };
  if (departsAt.getTime() > now.getTime() + TRIP_MAX_DAYS_AHEAD * DAY_MS) return { refusal: "tripDepartsAtTooFar" };
  if (closesAt === null) {
    const byDefault = departsAt.getTime() - TRIP_DEFAULT_CLOSE_LEAD_MINUTES * MINUTE_MS;
    return { closesAt: new Date(Math.max(byDefault, now.getTime())) };
  }
  if (closesAt.getTime() > departsAt.getTime()) return { refusal: "tripClosesAtAfterDeparts" };
  if (closesAt.getTime() <= now.getTime()) return { refusal: "tripClosesAtPast" };
  return { closesAt };
}

/** Whether a trip takes items at `now`: stored open and its closing time not reached. */
export function takesItems(trip: { status: string; closesAt: Date }, now: Date): boolean {
  return trip.status === "open" && now.getTime() < trip.closesAt.getTime();
}

/** Whether `count` items leave room for one more under the cap (none: always). */
export function hasRoom(maxItems: number | null, count: number, adding = 1): boolean {
  return maxItems === null || count + adding <= maxItems;
}

const WEEK_MS = 7 * DAY_MS;

/** When the next trip after one leaving at `departsAt` is announced: TRIP_REPEAT_ANNOUNCE_LEAD_DAYS before it leaves. */
export function announceAt(departsAt: Date): Date {
  return new Date(departsAt.getTime() - TRIP_REPEAT_ANNOUNCE_LEAD_DAYS * DAY_MS);
}

/**
 * The next trip of a weekly series after `trip`, as seen at `now`: a week after it (two when its next one is
 * skipped), and never one already gone (an announcement that ran late moves on by whole weeks); its list
 * closes as long before leaving as the trip's did, but not before `now`. `announceAt` is when it is due.
 */
export function nextWeeklyTrip(
  trip: { departsAt: Date; closesAt: Date; skipNext: boolean },
  now: Date,
): { departsAt: Date; closesAt: Date; announceAt: Date } {
  let departs = trip.departsAt.getTime() + (trip.skipNext ? 2 : 1) * WEEK_MS;
  while (departs <= now.getTime()) departs += WEEK_MS;
  const closeLead = trip.departsAt.getTime() - trip.closesAt.getTime();
  const departsAt = new Date(departs);
  return {
    departsAt,
    closesAt: new Date(Math.max(departs - closeLead, now.getTime())),
    announceAt: announceAt(departsAt),
  };
}
