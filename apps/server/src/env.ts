import { DEFAULT_PUSH_SERVICE_HOSTS } from "@hyn/core";
import { z } from "zod";

/** The only reader of process.env for the server. */
const booleanString = z.enum(["true", "false"], { error: 'must be "true" or "false"' }).transform((v) => v === "true");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { error: "must be development, production or test" })
      .default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a port number")
      .min(0, "must be a port number")
      .max(65535, "must be a port number")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v), "must be a postgres:// URL"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./.data"),
    APP_URL: z.url({ error: "must be an http(s) URL" }).optional(),
    SMTP_URL: z
      .string()
      .optional()
      .transform((v) => (v === "" ? undefined : v))
      .refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), "must be an smtp:// or smtps:// URL"),
    MAIL_FROM: z
      .string()
      .min(3, "must be an address")
      .default("Help Your Neighbor <no-reply@help-your-neighbor.local>"),
    REQUIRE_EMAIL_CONFIRMATION: booleanString.default(true),
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    FEEDBACK_TO: z
      .string()
      .optional()
      .transform((v) => (v ? v.trim().toLowerCase() : undefined))
      .refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "must be an e-mail address"),
    /**
     * How a suspended person reaches the admins (issue 43 §3): an e-mail address or an http(s) page, named in
     * the suspension e-mail and on the page a suspended sign-in shows. Unset: the feedback form.
     */
    ADMIN_CONTACT: optionalString.refine(
      (v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) || /^https?:\/\/\S+$/.test(v),
      "must be an e-mail address or an http(s) URL",
    ),
    DIGEST_HOUR: z.coerce
      .number({ error: "must be an hour from 0 to 23" })
      .int("must be an hour from 0 to 23")
      .min(0, "must be an hour from 0 to 23")
      .max(23, "must be an hour from 0 to 23")
      .default(8),
    /** The weekly summary's day (issue 41): 0 Sunday … 6 Saturday, as in cron. */
    DIGEST_WEEKDAY: z.coerce
      .number({ error: "must be a weekday from 0 (Sunday) to 6 (Saturday)" })
      .int("must be a weekday from 0 (Sunday) to 6 (Saturday)")
      .min(0, "must be a weekday from 0 (Sunday) to 6 (Saturday)")
      .max(6, "must be a weekday from 0 (Sunday) to 6 (Saturday)")
      .default(0),
    APP_TIMEZONE: z.string().default("UTC").refine(isTimeZone, "must be an IANA time zone such as Europe/London"),
    /** pretty: readable lines; json: one JSON object a line. Unset: pretty at a terminal outside production. */
    LOG_FORMAT: z.enum(["pretty", "json"], { error: "must be pretty or json" }).optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be a pino level" })
      .default("info"),
    /** Rate limits are multiplied by this; only an explicit value relaxes them (e2e runs use 100). */
    RATE_LIMIT_MULTIPLIER: z.coerce
      .number({ error: "must be a positive number" })
      .positive("must be a positive number")
      .default(1),
    /** Trust X-Forwarded-For (only behind a reverse proxy you run; otherwise clients could fake their IP). */
    TRUST_PROXY: booleanString.default(false),
    /** Rate-limit counters in this Redis instead of PostgreSQL (redis:// or rediss://). */
    REDIS_URL: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v === "" || /^rediss?:\/\/[^\s]+$/.test(v),
        "must be a redis:// or rediss:// URL",
      )
      .transform((v) => v || undefined),
    /** Memory for the answer cache of dashboards and group lists (ADR 0009), in MB per instance; 0 turns it off. */
    ANSWER_CACHE_MB: z.coerce
      .number({ error: "must be a number of megabytes" })
      .min(0, "must be a number of megabytes")
      .default(16),
    /** On SIGTERM, how long at most to wait for peers to close their connections before closing them (the drain). */
    DRAIN_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .min(0, "must be a number of seconds")
      .max(300, "must be a number of seconds")
      .default(10),
    /**
     * Overload (ADR 0035): calls are shed with 503 + Retry-After while the event loop lags more than this
     * (mean over a second, in ms); 0 turns this measure off.
     */
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a number of milliseconds")
      .min(0, "must be a number of milliseconds")
      .default(1000),
    /** ... or while the database pool takes longer than this to answer a probe (ms, its wait included); 0: off. */
    OVERLOAD_POOL_WAIT_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int("must be a number of milliseconds")
      .min(0, "must be a number of milliseconds")
      .default(2000),
    /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: optionalString.refine(
      (v) => v === undefined || /^\S{16,}$/.test(v),
      "must be at least 16 characters without spaces",
    ),
    /** Where the built SPA is; the default is this repository's apps/web/dist. */
    WEB_DIST: z.string().optional(),
    /** Web Push (issue 16): a VAPID key pair (base64url, as web-push generates) and its contact; all three or none (then generated and kept in the database). */
    VAPID_PUBLIC_KEY: optionalString.refine(
      (v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v),
      "must be a base64url P-256 public key (87 characters)",
    ),
    VAPID_PRIVATE_KEY: optionalString.refine(
      (v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v),
      "must be a base64url P-256 private key (43 characters)",
    ),
    VAPID_SUBJECT: optionalString.refine(
      (v) => v === undefined || /^mailto:\S+@\S+$/.test(v) || /^https:\/\/\S+$/.test(v),
      "must be a mailto: address or an https: URL",
    ),
    /** Hosts push endpoints may be on, comma-separated ("*.push.apple.com" for subdomains); the browser vendors' by default. */
    PUSH_SERVICE_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((h) => h.trim().toLowerCase())
              .filter(Boolean)
          : [...DEFAULT_PUSH_SERVICE_HOSTS],
      )
      .refine(
        (hosts) => hosts.length > 0 && hosts.every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h)),
        "must be host names, comma-separated (*.example.com for subdomains)",
      ),
  })
  .superRefine((env, context) => {
    const given = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(
      (v) => v !== undefined,
    ).length;
    if (given !== 0 && given !== 3) {
      const missing = (["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const).find(
        (name) => env[name] === undefined,
      )!;
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set with the other VAPID_ variables (all three or none)",
      });
    }
  })
  .transform((env) => ({ ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** A copy of the process environment, for entry points that override some of it (demo mode). */
export function readProcessEnv(): Record<string, string | undefined> {
  return { ...process.env };
}

/** Never repeated in a start-up error: it would land in logs. */
const SECRET_VARIABLES = new Set(["VAPID_PRIVATE_KEY", "METRICS_TOKEN"]);

/** Parses the environment; the error is one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const got = SECRET_VARIABLES.has(name) ? "" : ` (got ${JSON.stringify(source[name] ?? "")})`;
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${got}`);
  }
  return result.data;
}
