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
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./.data",
      APP_URL: "http://localhost:3000",
      REQUIRE_EMAIL_CONFIRMATION: true,
      RATE_LIMIT_MULTIPLIER: 1,
      TRUST_PROXY: false,
      DRAIN_SECONDS: 10,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid environment variable PORT: must be a port number (got "abc")'],
    [
      { DATABASE_URL: "nonsense" },
      'Invalid environment variable DATABASE_URL: must be a postgres:// URL (got "nonsense")',
    ],
    [
      { REDIS_URL: "localhost:6379" },
      'Invalid environment variable REDIS_URL: must be a redis:// or rediss:// URL (got "localhost:6379")',
    ],
    [
      { REQUIRE_EMAIL_CONFIRMATION: "yes" },
      'Invalid environment variable REQUIRE_EMAIL_CONFIRMATION: must be "true" or "false" (got "yes")',
    ],
    [
      { RATE_LIMIT_MULTIPLIER: "0" },
      'Invalid environment variable RATE_LIMIT_MULTIPLIER: must be a positive number (got "0")',
    ],
    [{ DRAIN_SECONDS: "soon" }, 'Invalid environment variable DRAIN_SECONDS: must be a number of seconds (got "soon")'],
  ])("refuses %o in one line naming the variable", (source, message) => {
    const text = refusal(source);
    expect(text).toBe(message);
    expect(text).not.toContain("\n");
  });

  describe("Web Push", () => {
    const pair = {
      VAPID_PUBLIC_KEY: `B${"A".repeat(86)}`,
      VAPID_PRIVATE_KEY: "p".repeat(43),
      VAPID_SUBJECT: "mailto:ops@example.com",
    };

    it("takes the VAPID keys all three together, or none, and the vendors' push services by default", () => {
      expect(parseEnv(pair)).toMatchObject(pair);
      const none = parseEnv({});
      expect(none.VAPID_PUBLIC_KEY).toBeUndefined();
      expect(none.PUSH_SERVICE_HOSTS).toEqual([
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "*.push.apple.com",
        "*.notify.windows.com",
      ]);
      expect(parseEnv({ PUSH_SERVICE_HOSTS: " push.example.net, *.Push.Example.org " }).PUSH_SERVICE_HOSTS).toEqual([
        "push.example.net",
        "*.push.example.org",
      ]);
    });

    it.each([
      [
        { VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY, VAPID_SUBJECT: pair.VAPID_SUBJECT },
        "Invalid environment variable VAPID_PRIVATE_KEY: must be set with the other VAPID_ variables (all three or none)",
      ],
      [
        { ...pair, VAPID_SUBJECT: "ops@example.com" },
        'Invalid environment variable VAPID_SUBJECT: must be a mailto: address or an https: URL (got "ops@example.com")',
      ],
      [
        { ...pair, VAPID_PUBLIC_KEY: "short" },
        'Invalid environment variable VAPID_PUBLIC_KEY: must be a base64url P-256 public key (87 characters) (got "short")',
      ],
      [
        { PUSH_SERVICE_HOSTS: "https://fcm.googleapis.com" },
        'Invalid environment variable PUSH_SERVICE_HOSTS: must be host names, comma-separated (*.example.com for subdomains) (got "https://fcm.googleapis.com")',
      ],
    ])("refuses %o at start-up", (source, message) => {
      expect(refusal(source)).toBe(message);
    });

    it("never repeats a bad private key in the error", () => {
      const text = refusal({ ...pair, VAPID_PRIVATE_KEY: "secret-but-wrong" });
      expect(text).toBe(
        "Invalid environment variable VAPID_PRIVATE_KEY: must be a base64url P-256 private key (43 characters)",
      );
    });
  });

  it("takes a Redis URL and treats an empty one as unset", () => {
    expect(parseEnv({ REDIS_URL: "redis://127.0.0.1:6379/2" }).REDIS_URL).toBe("redis://127.0.0.1:6379/2");
    expect(parseEnv({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });

  it("takes ADMIN_CONTACT as an address or an http(s) page, unset when empty (issue 43 §3)", () => {
    expect(parseEnv({ ADMIN_CONTACT: "admins@example.org" }).ADMIN_CONTACT).toBe("admins@example.org");
    expect(parseEnv({ ADMIN_CONTACT: "https://example.org/contact" }).ADMIN_CONTACT).toBe(
      "https://example.org/contact",
    );
    expect(parseEnv({ ADMIN_CONTACT: "" }).ADMIN_CONTACT).toBeUndefined();
    expect(refusal({ ADMIN_CONTACT: "call Ada" })).toBe(
      'Invalid environment variable ADMIN_CONTACT: must be an e-mail address or an http(s) URL (got "call Ada")',
    );
  });
});
