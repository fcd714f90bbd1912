import { z } from "zod";
import { isoDateTime } from "./wire-time";

/** The admin metrics (PRODUCT "Screens"), rounded to 2 decimals, plus the weekly trend for the chart. */
export const adminMetricsOutput = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  /** Accounts created in the last NEW_USERS_DAYS days (issue 29): the spec's "active users", under its own name (ADR 0005). */
  newUsers: z.number(),
  totalGroups: z.number(),
  totalRequestsThisMonth: z.number(),
  /** The spec's Fulfillment Rate: the percentage of all requests that are claimed or fulfilled. */
  fulfillmentRate: z.number(),
  /** Issue 43: the percentage of all requests that are fulfilled, shown beside the spec's rate. */
  fulfilledRate: z.number(),
  /** Every request the rates are over, and how many of them are claimed or fulfilled, and fulfilled. */
  totalRequests: z.number(),
  claimedOrFulfilledCount: z.number(),
  fulfilledCount: z.number(),
  averageTimeToClaimHours: z.number(),
  /** How many claims the average is over: 0 means "no claims yet", not "claimed instantly". */
  claimCount: z.number(),
  averageGroupSize: z.number(),
  /** Issue 41: median minutes from posting to the first offer, over requests posted in the last 30 days someone offered for; null when none. */
  medianMinutesToFirstOffer: z.number().nullable(),
  /** Issue 41: of the requests posted in the last 30 days whose needed-by has passed, the percentage nobody ever offered for; null when none. */
  neverOfferedRate: z.number().nullable(),
  weekly: z.array(z.object({ weekStart: isoDateTime, posted: z.number(), fulfilled: z.number() })),
  generatedAt: isoDateTime,
});
export type AdminMetrics = z.input<typeof adminMetricsOutput>;
