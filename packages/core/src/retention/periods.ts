import { DAY_MS } from "../shared/clock";

/**
 * How long what the app no longer needs is kept: the one place each period is stated (the README's
 * "What is kept, and for how long" says the same in words). Sent e-mails are the outbox's own
 * (SENT_EMAIL_RETENTION_MS, ADR 0002). Feedback, members' reports and the admin audit log are kept.
 */
export const RETENTION_MS = {
  /** A session past its expiry (30 days, extended by use) can never be used again: it goes at once. */
  expiredSessions: 0,
  /** A reset or confirmation link used or expired: its page says "already used" for a week, then it goes. */
  spentAuthTokens: 7 * DAY_MS,
  /** An account whose address was never confirmed (when confirmation is required), in no group: 30 days after sign-up. */
  unconfirmedAccounts: 30 * DAY_MS,
  /** The e-mail send log (PRODUCT "What is stored"): 90 days. */
  sendLog: 90 * DAY_MS,
  /** A request to join through a link that the owner never answered: 30 days after it was made. */
  joinRequests: 30 * DAY_MS,
  /** An invitation used, declined or expired: 30 days after that (the sent list shows used ones for 7). */
  pastInvitations: 30 * DAY_MS,
} as const;

export type RetentionKind = keyof typeof RETENTION_MS;
