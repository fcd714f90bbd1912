import { DAY_MS, HOUR_MS, MINUTE_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import { createPostgresRateLimitStore } from "./store";

/** What each limit allows per window (issue 5; sign-in and e-mail numbers: ADR 0012). Multiplied by config.rateLimitMultiplier. */
export const RATE_LIMIT_RULES = {
  /** Sign-ins that did not prove the password, from one IP to one address: this pair stops here. */
  signInFailuresPerAddressAndIp: { limit: 10, windowMs: 15 * MINUTE_MS },
  /** ... from one IP to any address (guessing across accounts). */
  signInFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** ... to one address from anywhere: above it, only places the address signed in from lately are heard. */
  signInFailuresPerAddress: { limit: 100, windowMs: 15 * MINUTE_MS },
  /** Where an address signed in from: remembered for 30 to 60 days; a memory, never a refusal. */
  signInPlaces: { limit: Number.POSITIVE_INFINITY, windowMs: 30 * DAY_MS },
  signUpPerIp: { limit: 10, windowMs: HOUR_MS },
  /** Reset and resend-confirmation: at most one e-mail a minute to one address ... */
  emailPerAddress: { limit: 1, windowMs: MINUTE_MS },
  /** ... and at most 10 an hour asked from one IP, whatever the addresses. */
  emailPerIp: { limit: 10, windowMs: HOUR_MS },
  /** Verification and reset tokens tried (checked, verified, used) from one IP. */
  tokenChecksPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Calendar feed links that matched nothing, from one IP (only failures: calendar apps poll good links). */
  calendarFeedFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
  /** Passwords tried to delete one account. */
  accountDeletionPerUser: { limit: 5, windowMs: 15 * MINUTE_MS },
  invitationsPerUser: { limit: 30, windowMs: HOUR_MS },
  feedbackPerIp: { limit: 10, windowMs: HOUR_MS },
} as const;
export type RateLimitRule = keyof typeof RATE_LIMIT_RULES;

export function createRateLimitService(deps: CoreDeps) {
  const { clock, config } = deps;
  const store = deps.rateLimitStore ?? createPostgresRateLimitStore(deps);

  function counterOf(rule: RateLimitRule, subject: string, windowsBack = 0) {
    const { limit, windowMs } = RATE_LIMIT_RULES[rule];
    const now = clock.now();
    const windowStart = new Date((Math.floor(now.getTime() / windowMs) - windowsBack) * windowMs);
    return {
      key: `${rule}:${hashToken(subject.toLowerCase())}`,
      windowStart,
      expiresAt: new Date(windowStart.getTime() + windowMs),
      allowed: Math.max(1, Math.floor(limit * config.rateLimitMultiplier)),
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
    };
  }

  const refusal = (retryAfterSeconds: number) => new AppError("RATE_LIMITED", "tooManyRequests", { retryAfterSeconds });

  return {
    /**
     * Counts one call against `rule` for `subject` (an IP, an address, a user id) and throws
     * RATE_LIMITED with the seconds to wait when the window is full. Subjects are stored hashed.
     */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = counterOf(rule, subject);
      const count = await store.increment(counter.key, counter.windowStart, counter.expiresAt);
      if (count > counter.allowed) throw refusal(counter.retryAfterSeconds);
    },

    /** Throws RATE_LIMITED when the window is already full; counts nothing. */
    async assertNotFull(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = counterOf(rule, subject);
      if ((await store.peek(counter.key, counter.windowStart)) >= counter.allowed)
        throw refusal(counter.retryAfterSeconds);
    },

    /** Counts one without refusing (a failure noticed after the fact, a place remembered). */
    async record(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = counterOf(rule, subject);
      await store.increment(counter.key, counter.windowStart, counter.expiresAt);
    },

    /** Takes back one counted by consume, when the call turned out to be legitimate. */
    async refund(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = counterOf(rule, subject);
      await store.decrement(counter.key, counter.windowStart);
    },

    /** Whether `subject` was recorded in this window or the one before (so memory survives a window's end). */
    async recentlyRecorded(rule: RateLimitRule, subject: string): Promise<boolean> {
      for (const windowsBack of [0, 1]) {
        const counter = counterOf(rule, subject, windowsBack);
        if ((await store.peek(counter.key, counter.windowStart)) > 0) return true;
      }
      return false;
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
