import {
  LEAST_ASKED_WINDOW_DAYS,
  RESTING_AFTER_OFFERS,
  RESTING_WINDOW_DAYS,
  laterReachDelayMs,
} from "@hyn/validators/helper-rest";
import { DAY_MS } from "../shared/clock";

/**
 * Helpers who rest, asks that spread (issue 41 §2): pure, so the SQL that counts and the job that tells
 * only feed it numbers and times.
 *
 * What counts as an offer: a request a person took on as its helper, by when they took it (its
 * `claimed_at`): a claim, a request a tripper took onto a trip, an item added to their trip, an occurrence
 * of a repeating request made theirs. A claim given back no longer counts (the request has no helper then),
 * a fulfilled one still does: they did the work.
 */

/** From when offers count towards resting: the last RESTING_WINDOW_DAYS days. */
export function restingWindowStart(now: Date): Date {
  return new Date(now.getTime() - RESTING_WINDOW_DAYS * DAY_MS);
}

/** From when offers count towards being asked first: the last LEAST_ASKED_WINDOW_DAYS days. */
export function leastAskedWindowStart(now: Date): Date {
  return new Date(now.getTime() - LEAST_ASKED_WINDOW_DAYS * DAY_MS);
}

/** A helper's offers and their own choice, as resting needs them. */
export interface HelperLoad {
  /** Offers within the resting window (restingWindowStart). */
  recentOffers: number;
  /** "Always tell me at once": they turned resting off. */
  alwaysAtOnce: boolean;
}

/** Whether a member rests: 3 offers or more in 7 days, unless they asked to be told at once all the same. */
export function isResting(load: HelperLoad): boolean {
  return !load.alwaysAtOnce && load.recentOffers >= RESTING_AFTER_OFFERS;
}

/** When a member told of new requests at once hears of this one: now, or later (resting) if nobody has offered. */
export function whenTold(load: HelperLoad): "now" | "later" {
  return isResting(load) ? "later" : "now";
}

/**
 * The order immediate notices go out in: the fewest offers in the least-asked window first; equal counts
 * by their id, so the order is the same on every instance.
 */
export function leastAskedFirst<T extends { userId: string; monthOffers: number }>(members: readonly T[]): T[] {
  return [...members].sort(
    (a, b) => a.monthOffers - b.monthOffers || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}

/** When the resting helpers of a notice sent at `noticeAt` hear of it, if nobody has offered by then. */
export function laterReachDueAt(noticeAt: Date, neededBy: Date): Date {
  return new Date(noticeAt.getTime() + laterReachDelayMs(noticeAt, neededBy));
}

/** The request as it is when its later reach's job runs (null: it was deleted). */
export interface LaterReachState {
  status: string;
  neededBy: Date;
  /** When someone first offered (null: nobody yet). */
  firstOfferedAt: Date | null;
}

export type LaterReachDecision =
  | { send: true }
  /** `dueAt`: woken early (the database's clock ahead of the app's, or the needed-by time moved). */
  | { send: false; reason: string; dueAt?: Date };

/**
 * Whether the resting helpers of the notice sent at `noticeAt` are told now: only while the request is still
 * open (nobody has it), not past its needed-by time, and nobody has offered since that notice (for a first
 * post: nobody has offered at all; a re-sent notice of a request given back counts offers after it only).
 */
export function decideLaterReach(request: LaterReachState | null, noticeAt: Date, now: Date): LaterReachDecision {
  if (!request) return { send: false, reason: "deleted" };
  if (now.getTime() >= request.neededBy.getTime()) return { send: false, reason: "past needed-by" };
  if (request.status !== "open") return { send: false, reason: `request ${request.status}` };
  if (request.firstOfferedAt && request.firstOfferedAt.getTime() >= noticeAt.getTime())
    return { send: false, reason: "offered" };
  const due = laterReachDueAt(noticeAt, request.neededBy);
  if (now.getTime() < due.getTime()) return { send: false, reason: "not due yet", dueAt: due };
  return { send: true };
}
