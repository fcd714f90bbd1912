import { messages } from "@hyn/validators";
import { HOUR_MS, MINUTE_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import { createPostgresRateLimitStore } from "./store";

/** What each limit allows per window (issue 5). Multiplied by config.rateLimitMultiplier. */
export const RATE_LIMIT_RULES = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
  signUpPerIp: { limit: 10, windowMs: HOUR_MS },
  /** Reset and resend-confirmation: at most one e-mail a minute to one address. */
  emailPerAddress: { limit: 1, windowMs: MINUTE_MS },
  invitationsPerUser: { limit: 30, windowMs: HOUR_MS },
  feedbackPerIp: { limit: 10, windowMs: HOUR_MS },
} as const;
export type RateLimitRule = keyof typeof RATE_LIMIT_RULES;

export function createRateLimitService(deps: CoreDeps) {
  const { clock, config } = deps;
  const store = deps.rateLimitStore ?? createPostgresRateLimitStore(deps);
  return {
    /**
     * Counts one call against `rule` for `subject` (an IP, an address, a user id) and throws
     * RATE_LIMITED with the seconds to wait when the window is full. Subjects are stored hashed.
     */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const { limit, windowMs } = RATE_LIMIT_RULES[rule];
      const allowed = Math.max(1, Math.floor(limit * config.rateLimitMultiplier));
      const now = clock.now();
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const expiresAt = new Date(windowStart.getTime() + windowMs);
      const key = `${rule}:${hashToken(subject.toLowerCase())}`;
      const count = await store.increment(key, windowStart, expiresAt);
      if (count > allowed) {
        const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
        throw new AppError("RATE_LIMITED", messages.tooManyRequests, { retryAfterSeconds });
      }
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
