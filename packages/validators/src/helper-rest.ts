/**
 * Helpers who rest (issue 41 §2): the one place the thresholds are stated. Zod-free: the web writes the
 * poster's "1 in 30 minutes if nobody has offered" from the same numbers the server schedules by.
 */

/** A neighbour who has taken on this many requests (claims and trip items)... */
export const RESTING_AFTER_OFFERS = 3;
/** ...within this many days is resting: new requests reach them at once only if still unoffered later. */
export const RESTING_WINDOW_DAYS = 7;
/**
 * Immediate notices to a group go out least-asked first: the members with the fewest offers (claims and trip
 * items they took on) in this many days are told first, so the same two people are not always first to see
 * a request.
 */
export const LEAST_ASKED_WINDOW_DAYS = 30;
/** A resting helper hears of a new request this long after it is posted, if nobody has offered... */
export const LATER_REACH_AFTER_MINUTES = 30;
/** ...or at this share of the time from posting to needed-by, whichever is sooner. */
export const LATER_REACH_SHARE_OF_TIME_LEFT = 1 / 4;

const MINUTE_MS = 60_000;

/** How long after posting a resting helper hears of a request nobody has offered for. */
export function laterReachDelayMs(postedAt: Date | number, neededBy: Date | number): number {
  const timeLeft = Math.max(0, Number(neededBy) - Number(postedAt));
  return Math.min(LATER_REACH_AFTER_MINUTES * MINUTE_MS, Math.floor(timeLeft * LATER_REACH_SHARE_OF_TIME_LEFT));
}

/** The same in whole minutes, as the poster is told it (at least 1). */
export function laterReachMinutes(postedAt: Date | number, neededBy: Date | number): number {
  return Math.max(1, Math.round(laterReachDelayMs(postedAt, neededBy) / MINUTE_MS));
}
