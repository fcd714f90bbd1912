import type { Reach } from "@hyn/validators";

/** The reach of the last posting notice, as the request's row keeps it (shown on its card after a reload); written by a post,
 * a re-send, a series' occurrence and the Still needed alert, so below all of them. */
export function storedReach(reach: Reach) {
  return {
    lastReachNow: reach.now,
    lastReachLater: reach.later,
    lastReachDaily: reach.daily,
    lastReachWeekly: reach.weekly,
    lastReachAppOnly: reach.appOnly,
  };
}
