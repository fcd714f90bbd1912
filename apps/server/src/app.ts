import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { appRouter, createContextInner, type AppRouter } from "@hyn/api";
import { createServices, DevMailbox, type PushConfig, createSmtpTransport, createUndeliveredMailLog, isAppError, loggableError, type Clock, type MailTransport, systemClock } from "@hyn/core";
import { migrationStatus, type DbHandle } from "@hyn/db";
import { messages } from "@hyn/validators";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Env } from "./env";
import { answerRouterError, clientErrorText, errorBody, localeOfRequest } from "./client-errors";
import { appUrlRedactor } from "./url-redaction";
import { ANSWER_MAX_AGE_MS, registerAnswerCache } from "./answer-cache/plugin";
import { registerSessionLookup, sessionOfRequest } from "./plugins/session";
import { scheduleChangeLogPruning } from "./jobs/change-log-pruner";
import { startJobEngine, type JobEngine } from "./jobs/engine";
import { registerSecurity } from "./plugins/security";
import { sessionCookieFor } from "./plugins/session-token";
import { createRedisRateLimitStore } from "./rate-limits/redis-store";
import { registerRestRoutes } from "./rest/adapter";
import { startOutboxWorker, type OutboxWorker } from "./jobs/outbox-worker";
import { scheduleOutboxPruning } from "./jobs/outbox-pruner";
import { scheduleDailyDigest } from "./jobs/daily-digest";
import { defineRequestReminders } from "./jobs/request-reminders";
import { definePushDelivery } from "./jobs/push-delivery";
import { registerDevMailbox } from "./routes/dev-mailbox";
import { registerOneClickUnsubscribe } from "./rest/one-click-unsubscribe";
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from "./rest/one-click-path";
import { registerDrain, type Drain } from "./drain";
import { readSpaPreloads } from "./routes/spa-preloads";
import { isPagePath, isSpaRoute } from "./routes/spa-routes";
import { RequestLogController } from "./plugins/request-logging";

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
  services: ReturnType<typeof createServices>;
  mailbox: DevMailbox | null;
  outbox: OutboxWorker | null;
  answerCache: ReturnType<typeof registerAnswerCache> | null;
  /** Scheduled and background work (ADR 0013); null when the caller drives workers itself. */
  jobs: JobEngine | null;
  drain: Drain;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { env, db } = options;
  const clock = options.clock ?? systemClock;
  // Tokens in addresses never reach the log (issue 24): every logged URL passes this one rule.
  const redactUrl = appUrlRedactor({ trpcPrefix: TRPC_PREFIX, restPrefix: REST_PREFIX });
  const server = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      // Never log credentials: session cookies, bearer tokens, passwords.
      redact: { paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"], censor: "[redacted]" },
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
        // A failed query's values (password hashes, addresses) never reach the log: every `err` passes here.
        err: loggableError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new RequestLogController(redactUrl),
    requestIdHeader: "x-request-id",
    bodyLimit: 64 * 1024,
    // A tRPC batch names its procedures in one path parameter ("groups.list,limits.withCounts,..."):
    // Fastify's default of 100 characters refused a page's batch of six queries with 414.
    routerOptions: { maxParamLength: 256 },
    trustProxy: env.TRUST_PROXY,
    // Typed for every route's generics; these errors come before any route is chosen.
    frameworkErrors: (error, request, reply) => answerRouterError(error, request, reply as FastifyReply),
  });

  // 5xx never shows internals. Set before any plugin: child contexts inherit it when registered.
  server.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(errorBody(request, messages.internal));
    }
    return reply.code(status).send(errorBody(request, clientErrorText(error)));
  });

  const rateLimitStore = env.REDIS_URL ? createRedisRateLimitStore(env.REDIS_URL) : null;
  // Before the services: posting and claiming queue reminders and pushes on it, inside their transactions.
  const jobs = options.startWorkers === false ? null : await startJobEngine(db, server.log);
  const push = pushConfigOf(env);
  const services = createServices({
    ...(rateLimitStore ? { rateLimitStore } : {}),
    ...(jobs ? { jobs } : {}),
    db: db.db,
    clock,
    logger: server.log,
    config: {
      appUrl: env.APP_URL,
      requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION,
      adminEmails: new Set(env.ADMIN_EMAILS),
      feedbackTo: env.FEEDBACK_TO ?? null,
      rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
      timeZone: env.APP_TIMEZONE,
      demoAccounts: options.demoAccounts ?? [],
      push,
    },
  });
  await services.accounts.grantConfiguredAdmins();

  // Without SMTP: the dev mailbox (kept in the database, shows links); in production only a log line without them.
  const mailbox = !options.transport && !env.SMTP_URL && env.NODE_ENV !== "production" ? new DevMailbox(db.db, server.log) : null;
  const transport: MailTransport = options.transport ?? (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : (mailbox ?? createUndeliveredMailLog(server.log)));
  const https = env.APP_URL.startsWith("https://");

  // 1. Security: headers and cross-site refusal; cookies first, since the CSRF check reads them.
  await server.register(fastifyCookie);
  await registerSecurity(server, { appUrl: env.APP_URL, https });

  // JSON only: anything else with a body is refused before it reaches a procedure. The one exception is
  // the RFC 8058 one-click unsubscribe, whose form body mail providers send (its own parsers check it).
  server.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS" || request.method === "DELETE") return;
    if (request.method === "POST" && request.routeOptions.url === ONE_CLICK_UNSUBSCRIBE_ROUTE) return;
    const length = Number(request.headers["content-length"] ?? 0);
    const type = request.headers["content-type"] ?? "";
    if (length > 0 && !type.startsWith("application/json")) {
      return reply.code(415).send(errorBody(request, messages.contentTypeNotJson));
    }
    return undefined;
  });

  // Draining on SIGTERM (start.ts): before the answer cache, whose hits skip later hooks.
  const drain = registerDrain(server);

  // A session read by an earlier hook is handed on to the handlers, so each call looks it up once.
  registerSessionLookup(server);
  // Dashboards and group lists from memory while nothing they show has changed (ADR 0009).
  const answerCache = env.ANSWER_CACHE_MB > 0 ? registerAnswerCache(server, { db: db.db, clock, maxBytes: env.ANSWER_CACHE_MB * 1024 * 1024 }) : null;

  // 2. Health. A draining instance is not ready, so no proxy or orchestrator sends it new calls.
  server.get("/healthz", async () => ({ ok: true }));
  // Ready means the database answers and holds every committed migration: an instance on a database
  // that is empty or behind would fail its calls.
  server.get("/readyz", async (request, reply) => {
    if (drain.isDraining()) return reply.code(503).send({ ok: false, draining: true });
    try {
      const { pending } = await migrationStatus(db);
      if (pending > 0) return reply.code(503).send({ ok: false, database: db.kind, error: `Database schema is behind: ${pending} migration(s) not applied` });
      return { ok: true, database: db.kind };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.code(503).send({ ok: false, database: db.kind, error: "Database is not reachable" });
    }
  });

  // 3. tRPC.
  await server.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      async createContext({ req, res }) {
        const session = await sessionOfRequest(services, req);
        return createContextInner({ services, session, sessionCookie: sessionCookieFor(res, https), ip: req.ip, locale: localeOfRequest(req) });
      },
      responseMeta({ errors }) {
        // A rate-limited call tells the client when to come back (issue 5), as the REST adapter does.
        const retryAfter = errors
          .map((e) => (isAppError(e.cause) ? (e.cause.details?.retryAfterSeconds as number | undefined) : undefined))
          .find((v) => v !== undefined);
        return retryAfter ? { headers: { "Retry-After": String(retryAfter) } } : {};
      },
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") server.log.error({ err: error.cause ?? error, path }, "tRPC call failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  // 4. REST.
  await server.register(async (api) => registerRestRoutes(api, { services, secureCookies: https, appUrl: env.APP_URL }), { prefix: REST_PREFIX });

  // 4b. One-click unsubscribe (RFC 8058): POST /unsubscribe/:token; its GET is the SPA's page.
  await registerOneClickUnsubscribe(server, { services });

  // 5. Dev mailbox (never in production).
  if (mailbox) registerDevMailbox(server, mailbox);

  // 6. The SPA: static files, and index.html for any other page route.
  const webDist = env.WEB_DIST ?? defaultWebDist;
  const hasSpa = existsSync(path.join(webDist, "index.html"));
  const assetsDir = path.join(path.resolve(webDist), "assets") + path.sep;
  const indexHtml = path.join(path.resolve(webDist), "index.html");
  // The service worker (ADR 0016) must be revalidated on every visit, or a new version goes unseen.
  const serviceWorker = path.join(path.resolve(webDist), "sw.js");
  const preloadsOf = hasSpa ? readSpaPreloads(webDist) : () => undefined;
  if (hasSpa) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: "1h",
      immutable: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names these by content hash: a new build gets new names, so a year without revalidation is safe.
        if (filePath.startsWith(assetsDir)) void reply.header("Cache-Control", "public, max-age=31536000, immutable");
        // index.html names the current build's assets: always revalidated. Set here, since the file's
        // own headers (maxAge above) would replace one set on the reply before sendFile.
        else if (filePath.startsWith(indexHtml) || filePath === serviceWorker) void reply.header("Cache-Control", "no-cache");
      },
    });
  }
  server.setNotFoundHandler(async (request, reply) => {
    // HEAD as GET (uptime monitors use it); Node leaves out the body.
    const pathname = request.url.split("?")[0]!;
    const isPage = (request.method === "GET" || request.method === "HEAD") && isPagePath(pathname);
    if (isPage && hasSpa) {
      const preloads = preloadsOf(pathname);
      if (preloads) void reply.header("Link", preloads);
      return reply.code(isSpaRoute(pathname) ? 200 : 404).sendFile("index.html");
    }
    return reply.code(404).send(errorBody(request, messages.notFound));
  });

  const outbox = options.startWorkers === false ? null : startOutboxWorker({ db: db.db, clock, logger: server.log, transport, from: env.MAIL_FROM });
  if (jobs) {
    // The reminders before a needed-by time; defined before the server listens, so no claim sends to a missing queue.
    await defineRequestReminders(jobs, { run: (job) => services.reminders.run(job), logger: server.log, onSent: () => outbox?.kick() });
    // Pushes, sent after the change that caused them committed (issue 16, ADR 0017).
    await definePushDelivery(jobs, { db: db.db, clock, logger: server.log, push });
    // The change log is pruned whether or not this instance's cache is on: others may read it.
    await scheduleChangeLogPruning(jobs, db.db, ANSWER_MAX_AGE_MS);
    // Sent e-mails older than 30 days (ADR 0002).
    await scheduleOutboxPruning(jobs, db.db, clock);
    // The daily summary; its e-mails go out through the outbox like every other (ADR 0002).
    await scheduleDailyDigest(jobs, {
      clock,
      logger: server.log,
      schedule: { hour: env.DIGEST_HOUR, timeZone: env.APP_TIMEZONE },
      run: (runOptions) => services.notifications.runDailyDigest(runOptions),
      onSent: () => outbox?.kick(),
    });
  }
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
  });

  return { server, services, mailbox, outbox, answerCache, jobs, drain };
}

/** Web Push settings from the env: the allow-list, the VAPID pair if configured, and loopback http outside production. */
function pushConfigOf(env: Env): PushConfig {
  const fromAddress = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return {
    serviceHosts: env.PUSH_SERVICE_HOSTS,
    allowLoopbackHttp: env.NODE_ENV !== "production",
    vapidSubject: env.VAPID_SUBJECT ?? `mailto:${fromAddress.trim()}`,
    ...(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { vapidKeys: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } } : {}),
  };
}
