/**
 * A group's health for its owner (issue 41 §4): the numbers the service counts over and the card says. Zod-free: the
 * web writes "the last 30 days" from the same number.
 */

/** The health card and GET /api/groups/{id}/health answer for this many last days. */
export const GROUP_HEALTH_DAYS = 30;
/** The sparkline shows requests posted in each of this many last weeks (7-day spans ending now), oldest first. */
export const GROUP_HEALTH_SPARKLINE_WEEKS = 8;
