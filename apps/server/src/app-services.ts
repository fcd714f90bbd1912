import {
  createServices,
  createSmtpTransport,
  createUndeliveredMailLog,
  DevMailbox,
  type Clock,
  type Logger,
  type MailTransport,
  type PushConfig,
  type Services,
} from "@hyn/core";
import type { DbHandle } from "@hyn/db";
import type { Env } from "./env";
import { startJobEngine, type JobEngine } from "./jobs/engine";
import { createRedisRateLimitStore } from "./rate-limits/redis-store";

export interface AppServices {
  services: Services;
  /** Scheduled and background work (ADR 0013); null when the caller drives workers itself. */
  jobs: JobEngine | null;
  rateLimitStore: ReturnType<typeof createRedisRateLimitStore> | null;
  push: PushConfig;
}

/**
 * The core's services on this process's database, clock, logger and configuration. The job engine
 * starts first: posting and claiming queue reminders and pushes on it, inside their transactions.
 */
export async function createAppServices(options: {
  env: Env;
  db: DbHandle;
  clock: Clock;
  logger: Logger;
  startWorkers: boolean;
  demoAccounts: { name: string; email: string; password: string }[];
}): Promise<AppServices> {
  const { env, db, clock, logger } = options;
  const rateLimitStore = env.REDIS_URL ? createRedisRateLimitStore(env.REDIS_URL) : null;
  const jobs = options.startWorkers ? await startJobEngine(db, logger) : null;
  const push = pushConfigOf(env);
  const services = createServices({
    ...(rateLimitStore ? { rateLimitStore } : {}),
    ...(jobs ? { jobs } : {}),
    db: db.db,
    clock,
    logger,
    config: {
      appUrl: env.APP_URL,
      requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION,
      adminEmails: new Set(env.ADMIN_EMAILS),
      feedbackTo: env.FEEDBACK_TO ?? null,
      adminContact: env.ADMIN_CONTACT ?? null,
      rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
      timeZone: env.APP_TIMEZONE,
      demoAccounts: options.demoAccounts,
      push,
    },
  });
  await services.accounts.grantConfiguredAdmins();
  return { services, jobs, rateLimitStore, push };
}

/**
 * Where e-mails go: the given transport (tests), SMTP when SMTP_URL is set, else the dev mailbox (kept
 * in the database, shows links); in production without SMTP only a log line without them.
 */
export function mailOf(
  env: Env,
  db: DbHandle,
  logger: Logger,
  given?: MailTransport,
): { mailbox: DevMailbox | null; transport: MailTransport } {
  const mailbox = !given && !env.SMTP_URL && env.NODE_ENV !== "production" ? new DevMailbox(db.db, logger) : null;
  const transport: MailTransport =
    given ?? (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : (mailbox ?? createUndeliveredMailLog(logger)));
  return { mailbox, transport };
}

/** Web Push settings from the env: the allow-list, the VAPID pair if configured, and loopback http outside production. */
function pushConfigOf(env: Env): PushConfig {
  const fromAddress = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return {
    serviceHosts: env.PUSH_SERVICE_HOSTS,
    allowLoopbackHttp: env.NODE_ENV !== "production",
    vapidSubject: env.VAPID_SUBJECT ?? `mailto:${fromAddress.trim()}`,
    ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { vapidKeys: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } }
      : {}),
  };
}
