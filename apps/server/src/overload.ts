import underPressure from "@fastify/under-pressure";
import type { Context } from "@hyn/api";
import { AppError } from "@hyn/core";
import type { DbHandle } from "@hyn/db";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, localeOfRequest } from "./client-errors";
import { procedureAt, trpcBody, trpcErrorItem } from "./trpc-shapes";

/**
 * How long a shed call's client waits before trying again (Retry-After): the next sample of the
 * event loop and the next probe of the pool are a second away.
 */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;
/** How often the pool is probed (a `select 1` through it, timed from asking to answer). */
const POOL_PROBE_INTERVAL_MS = 1000;

/** One `select 1` through the pool the calls use, outside the statement count (it is not a call's). */
function probeOf(db: DbHandle): () => Promise<unknown> {
  if (db.postgres) {
    const sql = db.postgres;
    return () => sql`select 1`;
  }
  const pglite = db.pglite!;
  return () => pglite.query("select 1");
}

/** Whether the pool answers within `limitMs` (its wait for a connection included). */
export async function poolAnswersWithin(probe: () => Promise<unknown>, limitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)));
  const answered = probe().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A tRPC call shed before it ran: the error every procedure's client reads, by key (ADR 0020). */
function shedError(): TRPCError {
  const cause = new AppError("UNAVAILABLE", "serverBusy", { retryAfterSeconds: OVERLOAD_RETRY_AFTER_SECONDS });
  return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: cause.message, cause });
}

/** A path as tRPC reads it; one with a bad escape is named as sent (it is shed, not routed). */
function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The tRPC answer to a shed call, in tRPC's own shape: one error per call of a batch (`/trpc/a,b?batch=1`). */
function trpcShedBody(request: FastifyRequest, prefix: string): string {
  const url = new URL(request.url, "http://server.invalid");
  const paths = decodedOrAsIs(url.pathname.slice(prefix.length + 1)).split(",");
  const batch = url.searchParams.get("batch") === "1" || url.searchParams.get("batch") === "true";
  const ctx = { locale: localeOfRequest(request) } as Context;
  const items = paths.map((path) =>
    trpcErrorItem({ error: shedError(), type: procedureAt(path)?._def.type ?? "query", path, input: undefined, ctx }),
  );
  return trpcBody(batch ? items : items[0]!);
}

/**
 * Overload made explicit (issue 44, ADR 0035): while the event loop lags more than
 * `OVERLOAD_EVENT_LOOP_DELAY_MS` (mean over a second) or the database pool takes more than
 * `OVERLOAD_POOL_WAIT_MS` to answer a probe, a call to tRPC or REST is shed at once with 503 and
 * Retry-After, in each transport's error contract (messageKey `serverBusy`), before any of its work is
 * done, so a client may send it again, a change included. Nothing else is shed: the SPA's files, the
 * live updates' streams (an EventSource gives up on a 503), `/healthz` (the process lives) and
 * `/readyz` (which says so itself). Registered after the answer cache, whose hits cost next to nothing
 * and are answered before this hook. 0 turns a measure off.
 */
export async function registerOverload(
  server: FastifyInstance,
  options: {
    db: DbHandle;
    trpcPrefix: string;
    restPrefix: string;
    maxEventLoopDelayMs: number;
    maxPoolWaitMs: number;
  },
): Promise<{ isOverloaded(): boolean }> {
  const { trpcPrefix, restPrefix, maxPoolWaitMs } = options;
  const probe = maxPoolWaitMs > 0 ? probeOf(options.db) : null;
  let warned = false;
  // A body returned is sent (under-pressure's handlePressure); nothing returned lets the call through.
  const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
    const trpc = request.url.startsWith(`${trpcPrefix}/`);
    if (!trpc && !request.url.startsWith(`${restPrefix}/`)) return undefined;
    // A live-updates stream: opened once per screen, and an EventSource does not come back after a 503.
    if (trpc && request.headers.accept?.includes("text/event-stream")) return undefined;
    if (!warned) {
      warned = true;
      request.log.warn({ type, value }, "overloaded: shedding calls with 503 until the pressure is gone");
      setTimeout(() => (warned = false), 60_000).unref();
    }
    void reply.code(503).header("Retry-After", String(OVERLOAD_RETRY_AFTER_SECONDS)).type("application/json");
    return trpc ? trpcShedBody(request, trpcPrefix) : errorBody(request, "serverBusy");
  };
  await server.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    ...(probe
      ? {
          healthCheck: () => poolAnswersWithin(probe, maxPoolWaitMs),
          healthCheckInterval: POOL_PROBE_INTERVAL_MS,
        }
      : {}),
    // Typed as returning nothing, though under-pressure sends what it returns.
    pressureHandler: shed as never,
  });
  return { isOverloaded: () => server.isUnderPressure() };
}
