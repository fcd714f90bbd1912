/**
 * A group's health for its owner (issue 41 §4): the numbers the service counts over and the card says. Zod-free: the
 * web writes "the last 30 days" from the same number.
 */

/** The health card and GET /api/groups/{id}/health answer for this many last days. */
export const GROUP_HEALTH_DAYS = 30;
/**
 * A member with no visit (users.last_active_at, or since joining when they never came back) in this many days is
 * quiet on the owner's health card. The quiet-members e-mail (issue 41 §5) has its own rule; the lead points both at one.
 */
export const GROUP_HEALTH_QUIET_AFTER_DAYS = 30;
/** The sparkline shows requests posted in each of this many last weeks (7-day spans ending now), oldest first. */
export const GROUP_HEALTH_SPARKLINE_WEEKS = 8;
