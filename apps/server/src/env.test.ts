import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

/** Issue 2: a bad value stops start-up with one line naming the variable. */
const refusal = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error("parseEnv accepted it");
};

describe("parseEnv", () => {
  it("fills every default for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./.data", APP_URL: "http://localhost:3000", REQUIRE_EMAIL_CONFIRMATION: true, RATE_LIMIT_MULTIPLIER: 1, TRUST_PROXY: false, DRAIN_SECONDS: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid environment variable PORT: must be a port number (got "abc")'],
    [{ DATABASE_URL: "nonsense" }, 'Invalid environment variable DATABASE_URL: must be a postgres:// URL (got "nonsense")'],
    [{ REDIS_URL: "localhost:6379" }, 'Invalid environment variable REDIS_URL: must be a redis:// or rediss:// URL (got "localhost:6379")'],
    [{ REQUIRE_EMAIL_CONFIRMATION: "yes" }, 'Invalid environment variable REQUIRE_EMAIL_CONFIRMATION: must be "true" or "false" (got "yes")'],
    [{ RATE_LIMIT_MULTIPLIER: "0" }, 'Invalid environment variable RATE_LIMIT_MULTIPLIER: must be a positive number (got "0")'],
    [{ DRAIN_SECONDS: "soon" }, 'Invalid environment variable DRAIN_SECONDS: must be a number of seconds (got "soon")'],
  ])("refuses %o in one line naming the variable", (source, message) => {
    const text = refusal(source);
    expect(text).toBe(message);
    expect(text).not.toContain("\n");
  });

  it("takes a Redis URL and treats an empty one as unset", () => {
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379/2" }).REDIS_URL).toBe("redis://127.0.0.1:6379/2");
    expect(parseEnv({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });
});
