import type { RateLimitStore } from "@hyn/core";
import { Redis } from "ioredis";

export interface RedisRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

/** Takes one back from a counter that still exists, never below zero (a gone window stays gone). */
const DECREMENT_EXISTING = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every server instance that uses it: one key per
 * rule, hashed subject and window, counted with INCR and gone when its window ends (PEXPIREAT), both
 * in one MULTI so a counter never outlives its window.
 */
export function createRedisRateLimitStore(url: string, keyPrefix = "hyn:rate-limit:"): RedisRateLimitStore {
  // A Redis that is away fails the call at once rather than holding sign-ins in a queue.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  // Connection errors surface on the calls that need Redis; unhandled, they would end the process.
  redis.on("error", () => undefined);
  const connected = new Promise<void>((resolve) =>
    redis.status === "ready" ? resolve() : redis.once("ready", () => resolve()),
  );
  const ready = async () => {
    if (redis.status !== "ready")
      await Promise.race([
        connected,
        new Promise((_, reject) => setTimeout(() => reject(new Error("Redis is not reachable")), 2_000)),
      ]);
  };
  const keyOf = (key: string, windowStart: Date) => `${keyPrefix}${key}:${windowStart.getTime()}`;

  return {
    async increment(key, windowStart, expiresAt) {
      await ready();
      const redisKey = keyOf(key, windowStart);
      const results = await redis.multi().incr(redisKey).pexpireat(redisKey, expiresAt.getTime()).exec();
      const [incrError, count] = results?.[0] ?? [new Error("Redis answered nothing"), null];
      if (incrError) throw incrError;
      return Number(count);
    },
    async decrement(key, windowStart) {
      await ready();
      await redis.eval(DECREMENT_EXISTING, 1, keyOf(key, windowStart));
    },
    async peek(key, windowStart) {
      await ready();
      return Number((await redis.get(keyOf(key, windowStart))) ?? 0);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
