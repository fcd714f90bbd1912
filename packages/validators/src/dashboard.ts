import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { dashboardGroupOutput, dashboardUsageOutput, requestOutput } from "./requests";
import { tripOutput } from "./trips";

/** Everything the dashboard's first load needs, in one call (GET /dashboard). */
export const dashboardOutput = z.object({
  /**
   * The caller's active requests and the latest finished ones (FINISHED_REQUESTS_PER_PAGE), sorted
   * open, claimed, fulfilled, expired, then earliest needed-by.
   */
  myRequests: z.array(requestOutput),
  /** Where the earlier finished requests start (requests.mine); null when there are none. */
  myRequestsNextCursor: z.string().nullable(),
  /** Others' open, unexpired requests in the caller's groups, and the ones the caller has claimed. */
  helpableRequests: z.array(requestOutput),
  groups: z.array(dashboardGroupOutput),
  usage: dashboardUsageOutput,
  /** The server's clock, so the page can judge "expired" and the picker minimum the same way. */
  serverTime: isoDateTime,
  /**
   * Trips (issue 28): open trips in the caller's groups and the caller's own trips not yet past, soonest first.
   */
  trips: z.array(tripOutput),
});
export type Dashboard = z.input<typeof dashboardOutput>;
