import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import type { Clock, DevMailbox, MailTransport, Services } from "@hyn/core";
import { systemClock } from "@hyn/core";
import type { DbHandle } from "@hyn/db";
import Fastify, { type FastifyInstance } from "fastify";
import { ANSWER_MAX_AGE_MS, registerAnswerCache } from "./answer-cache/plugin";
import { createAppServices, mailOf } from "./app-services";
import { watchDatabaseOutages } from "./database-outage";
import { registerDrain, type Drain } from "./drain";
import type { Env } from "./env";
import { startBackgroundWork } from "./jobs/background-work";
import { registerMetrics } from "./metrics";
import type { JobEngine } from "./jobs/engine";
import type { OutboxWorker } from "./jobs/outbox-worker";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerJsonOnly } from "./plugins/json-only";
import { registerSecurity } from "./plugins/security";
import { registerSessionLookup } from "./plugins/session";
import { registerRestRoutes } from "./rest/adapter";
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from "./rest/one-click-path";
import { registerOneClickUnsubscribe } from "./rest/one-click-unsubscribe";
import { registerDevMailbox, registerDevWeeklySummary } from "./routes/dev-mailbox";
import { registerDevQuietMembers } from "./routes/dev-quiet-members";
import { registerHealth } from "./routes/health";
import { registerOverload } from "./overload";
import { registerPgliteBackup } from "./routes/pglite-backup";
import { registerSpa } from "./routes/spa";
import { serverOptions } from "./server-options";
import { registerTrpc } from "./trpc-mount";
import { appUrlRedactor } from "./url-redaction";

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));
/** Where tRPC and the REST routes are mounted. */
const TRPC_PREFIX = "/trpc";
const REST_PREFIX = "/api";

export interface BuildAppOptions {
  env: Env;
  db: DbHandle;
  clock?: Clock;
  /** Defaults to SMTP when SMTP_URL is set, else the dev mailbox. */
  transport?: MailTransport;
  /** Tests drive the outbox themselves. */
  startWorkers?: boolean;
  /** Demo mode: the sample accounts the login page offers. */
  demoAccounts?: { name: string; email: string; password: string }[];
  /** Where log lines go instead of stdout as JSON: readable lines at a terminal, or what a test reads. */
  logStream?: { write(line: string): void };
}

export interface App {
  server: FastifyInstance;
  services: Services;
  mailbox: DevMailbox | null;
  outbox: OutboxWorker | null;
  answerCache: ReturnType<typeof registerAnswerCache> | null;
  /** Scheduled and background work (ADR 0013); null when the caller drives workers itself. */
  jobs: JobEngine | null;
  drain: Drain;
  /** The key of the embedded database's backup route (routes/pglite-backup.ts); null on PostgreSQL. */
  backupKey: string | null;
}

/**
 * The server, wired in the one order that matters, from the first thing a request meets to the last
 * (each step in its own file):
 *  1. the error handler, before any plugin, since child contexts inherit it when registered;
 *  2. cookies, then security (headers, the cross-site refusal, which reads cookies);
 *  3. JSON only;
 *  4. draining (before the answer cache, whose hits skip later hooks);
 *  5. the session hand-over, then the answer cache (ADR 0009), which reads sessions, then shedding
 *     calls under overload (ADR 0035);
 *  6. routes: health, tRPC, REST, the one-click unsubscribe, the dev mailbox (and its weekly-summary trigger), and the SPA last, whose
 *     not-found handler answers whatever no route did;
 *  7. background work (the outbox, queues and schedules), then what closing stops.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env, db } = options;
  const clock = options.clock ?? systemClock;
  const redactUrl = appUrlRedactor({ trpcPrefix: TRPC_PREFIX, restPrefix: REST_PREFIX });
  const server = Fastify(serverOptions(env, redactUrl, options.logStream));
  const https = env.APP_URL.startsWith("https://");
  // Answers meet their output schemas everywhere but in production (ADR 0027, packages/api output-checks.ts).
  const checkAnswers = env.NODE_ENV !== "production";

  registerErrorHandler(server);
  // First, so its timing hook sees every route registered after it.
  const metrics = registerMetrics(server, { token: env.METRICS_TOKEN, db: db.db });
  const startWorkers = options.startWorkers !== false;
  // Background work logs a database outage in two lines, not one per poll (database-outage.ts).
  const outages = watchDatabaseOutages(db.db, server.log);
  const { services, jobs, rateLimitStore, push } = await createAppServices({
    env,
    db,
    clock,
    logger: outages.logger,
    startWorkers,
    demoAccounts: options.demoAccounts ?? [],
  });
  const { mailbox, transport } = mailOf(env, db, server.log, options.transport);

  await server.register(fastifyCookie);
  await registerSecurity(server, { appUrl: env.APP_URL, https });
  registerJsonOnly(server, { formRoutes: [ONE_CLICK_UNSUBSCRIBE_ROUTE] });
  const drain = registerDrain(server);
  registerSessionLookup(server);
  const answerCache =
    env.ANSWER_CACHE_MB > 0
      ? registerAnswerCache(server, { db: db.db, clock, maxBytes: env.ANSWER_CACHE_MB * 1024 * 1024 })
      : null;

  // After the answer cache, whose hits are answered before this: they cost next to nothing.
  const overload = await registerOverload(server, {
    db,
    trpcPrefix: TRPC_PREFIX,
    restPrefix: REST_PREFIX,
    maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS,
    maxPoolWaitMs: env.OVERLOAD_POOL_WAIT_MS,
  });
  registerHealth(server, { db, drain, overload });
  const backupKey = db.pglite ? registerPgliteBackup(server, db.pglite).key : null;
  await registerTrpc(server, { prefix: TRPC_PREFIX, services, secureCookies: https, checkAnswers });
  await server.register(
    async (api) => registerRestRoutes(api, { services, secureCookies: https, appUrl: env.APP_URL, checkAnswers }),
    { prefix: REST_PREFIX },
  );
  // RFC 8058: POST /unsubscribe/:token; its GET is the SPA's page.
  await registerOneClickUnsubscribe(server, { services, checkAnswers });
  if (mailbox) {
    registerDevMailbox(server, mailbox);
    registerDevWeeklySummary(server, { services, clock });
  }
  // The e2e's month of quiet in a moment (NODE_ENV=test only); its e-mails are delivered at once.
  if (mailbox && env.NODE_ENV === "test")
    registerDevQuietMembers(server, { db: db.db, clock, services, onSent: () => void outbox?.kick() });
  await registerSpa(server, { webDist: env.WEB_DIST ?? defaultWebDist });

  const outbox = jobs
    ? await startBackgroundWork(jobs, {
        env,
        db: db.db,
        clock,
        logger: outages.logger,
        services,
        transport,
        push,
        metrics,
        changeLogMaxAgeMs: ANSWER_MAX_AGE_MS,
      })
    : null;
  // Live updates (ADR 0004) stream over the tRPC mount as SSE; open streams end before the server
  // waits for requests in flight, or shutdown would wait for every open dashboard.
  server.addHook("preClose", async () => {
    await services.live.close();
  });
  server.addHook("onClose", async () => {
    await jobs?.stop();
    await outbox?.stop();
    if (!options.transport) transport.close?.();
    await rateLimitStore?.close();
    outages.stop();
  });

  return { server, services, mailbox, outbox, answerCache, jobs, drain, backupKey };
}
