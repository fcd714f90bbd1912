import { PUSH_DELIVERY_QUEUE } from "@hyn/core";
import { emailOutbox, rowsOf, type Database } from "@hyn/db";
import { and, count, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { bearerMatches } from "./same-secret";

export const METRICS_ROUTE = "/metrics";

/** What the app's own code reports; the rest is read from the process and the database at each scrape. */
export interface AppMetrics {
  /** A push the push service refused for good, or that failed and will be retried (issue 16). */
  pushDeliveryFailed(reason: "refused" | "rejected" | "retried"): void;
}

/** Jobs due to run that no worker has started yet, per queue (pg-boss's table, ADR 0013); none before its first start. */
async function jobsWaiting(db: Database): Promise<{ queue: string; waiting: number }[]> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as present`),
  );
  if (!table?.present) return [];
  const result = await db.execute(sql`select name as queue, count(*)::int as waiting from pgboss.job
    where state in ('created', 'retry') and start_after <= now() group by name`);
  return rowsOf<{ queue: string; waiting: number }>(result);
}

/**
 * `GET /metrics` in Prometheus's text format, only with `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise) and not at all (404) without METRICS_TOKEN: the process's default metrics (memory, event
 * loop lag, garbage collection), every answer's duration by method, route pattern (never the address,
 * which may hold a token) and status, and the app's queues. One registry per app, so tests' apps never share.
 */
export function registerMetrics(
  server: FastifyInstance,
  options: { token: string | undefined; db: Database },
): AppMetrics {
  const { token, db } = options;
  // Off: no route, so the address answers 404 like any other unknown one.
  if (!token) return { pushDeliveryFailed: () => undefined };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  server.addHook("onResponse", async (request, reply) => {
    // The pattern the router matched ("/api/requests/:id"); a request no route matched is one series.
    const route = request.routeOptions.url ?? "(no route)";
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  new Gauge({
    name: "hyn_outbox_pending",
    help: "E-mails queued and not sent yet (ADR 0002), undeliverable ones left out",
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ pending: count() })
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.undeliverableAt)));
      this.set(row?.pending ?? 0);
    },
  });
  new Gauge({
    name: "hyn_jobs_waiting",
    help: "Jobs due that no instance has started yet, per queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, waiting } of await jobsWaiting(db)) this.set({ queue }, waiting);
    },
  });
  const pushFailed = new Counter({
    name: "hyn_push_deliveries_failed_total",
    help: `Pushes that failed on this instance (${PUSH_DELIVERY_QUEUE}): refused (endpoint not allowed), rejected by the push service, or retried`,
    labelNames: ["reason"] as const,
    registers: [registry],
  });

  server.get(METRICS_ROUTE, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      return reply.code(401).header("www-authenticate", "Bearer").send({ error: "Unauthorized" });
    return reply
      .type(registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
  return { pushDeliveryFailed: (reason) => pushFailed.inc({ reason }) };
}
