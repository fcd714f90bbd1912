/**
 * Where the rate limits' counters live: one counter per key and window, shared by every server
 * instance. PostgreSQL by default; Redis when REDIS_URL is set (apps/server/src/rate-limits).
 */
export interface RateLimitStore {
  /** Adds one to the counter of `key` in the window starting at `windowStart`; answers the new count. */
  increment(key: string, windowStart: Date, expiresAt: Date): Promise<number>;
  /** Takes one back (a sign-in that proved the password); never below zero. */
  decrement(key: string, windowStart: Date): Promise<void>;
  /** The counter's value, without counting. */
  peek(key: string, windowStart: Date): Promise<number>;
}
