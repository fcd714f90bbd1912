import { randomBytes, randomInt } from "node:crypto";
import { messages } from "@hyn/validators";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateLimitStore } from "../src/rate-limits/redis-store";
import { createTestApp, type TestApp } from "./test-app";

/**
 * Issue 5: with REDIS_URL, the rate limits' counters live in Redis and hold across server instances.
 * Runs where TEST_REDIS_URL names a Redis (CI sets it); every key and address here is this run's own,
 * since the Redis is shared with other runs.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("rate limits in Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, RATE_LIMIT_MULTIPLIER: "1" };
    [first, second] = [await createTestApp(env), await createTestApp(env)];
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts sign-in attempts on one account across two server instances, then answers 429 with Retry-After", async () => {
    const email = `redis-${randomBytes(6).toString("hex")}@example.com`;
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const signIn = (app: TestApp) =>
      app.server.inject({
        method: "POST",
        url: "/api/auth/signin",
        remoteAddress,
        payload: { email, password: "not-the-password" },
      });

    // Ten tries allowed per account in 15 minutes: five on each instance.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(first)).statusCode).toBe(401);
      expect((await signIn(second)).statusCode).toBe(401);
    }
    const refused = await signIn(first);
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: messages.tooManyRequests }]);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });

  /** A store with keys of this test's own, a raw client to look at them, and the current minute's window. */
  async function withStore(
    check: (
      store: ReturnType<typeof createRedisRateLimitStore>,
      redis: Redis,
      prefix: string,
      windowStart: Date,
      expiresAt: Date,
    ) => Promise<void>,
  ) {
    const prefix = `hyn:test:${randomBytes(6).toString("hex")}:`;
    const store = createRedisRateLimitStore(redisUrl!, prefix);
    const redis = new Redis(redisUrl!);
    try {
      const windowStart = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      await check(store, redis, prefix, windowStart, new Date(windowStart.getTime() + 60_000));
    } finally {
      await store.close();
      await redis.quit();
    }
  }

  it("keeps one counter per key and window, gone from Redis when its window ends", async () => {
    await withStore(async (store, redis, prefix, windowStart, expiresAt) => {
      expect(await store.increment("signInPerIp:abc", windowStart, expiresAt)).toBe(1);
      expect(await store.increment("signInPerIp:abc", windowStart, expiresAt)).toBe(2);
      expect(await store.increment("signInPerIp:other", windowStart, expiresAt)).toBe(1);
      const next = new Date(expiresAt.getTime());
      expect(await store.increment("signInPerIp:abc", next, new Date(next.getTime() + 60_000))).toBe(1);

      const ttl = await redis.pttl(`${prefix}signInPerIp:abc:${windowStart.getTime()}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(expiresAt.getTime() - Date.now() + 1_000);
    });
  });

  it("reads a counter without counting, and takes one back without going below zero or reviving a gone window", async () => {
    await withStore(async (store, redis, prefix, windowStart, expiresAt) => {
      expect(await store.peek("signInFailuresPerIp:abc", windowStart)).toBe(0);
      await store.increment("signInFailuresPerIp:abc", windowStart, expiresAt);
      await store.increment("signInFailuresPerIp:abc", windowStart, expiresAt);
      expect(await store.peek("signInFailuresPerIp:abc", windowStart)).toBe(2);
      for (let i = 0; i < 3; i++) await store.decrement("signInFailuresPerIp:abc", windowStart);
      expect(await store.peek("signInFailuresPerIp:abc", windowStart)).toBe(0);
      expect(await redis.pttl(`${prefix}signInFailuresPerIp:abc:${windowStart.getTime()}`)).toBeGreaterThan(0);

      await store.decrement("signInFailuresPerIp:never", windowStart);
      expect(await redis.exists(`${prefix}signInFailuresPerIp:never:${windowStart.getTime()}`)).toBe(0);
    });
  });
});
