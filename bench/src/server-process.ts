/**
 * The benchmarked server, in a process of its own (started by server-child.ts): the real app built by
 * `buildApp` with production settings, and beside it the baseline, a bare Fastify route answering the
 * same JSON from memory, and the same-SQL reference (same-sql.ts) at `/same-sql/<path>` on that same
 * bare Fastify. Its own process means the load generator's CPU and memory are not counted as
 * the server's, and its RSS is the server's alone.
 *
 * Messages (IPC): in `{ type: "baseline", body }` sets the baseline's answer, `{ type: "sameSql", plans }`
 * the reference's, `{ type: "statements" }` asks for the SQL statement count so far, `record` and
 * `recorded` bracket the statements of a call, `{ type: "stop" }` closes everything; out: `ready`, the
 * answers, each with the request's `id`.
 */
import type { AddressInfo } from "node:net";
import { createDb, type RecordedStatement } from "@hyn/db";
import { buildApp } from "@hyn/server";
import { parseEnv } from "@hyn/server/env";
import Fastify from "fastify";
import postgres from "postgres";
import { replay, SameSqlRefusal, type SameSqlPlan } from "./same-sql";
import type { ChildReply, ChildRequest } from "./server-child";

const url = process.env.BENCH_DATABASE_URL;
if (!url || !process.send) throw new Error("server-process.ts is started by server-child.ts, with BENCH_DATABASE_URL");
const send = (message: ChildReply) => process.send!(message);

// Production settings, quiet logs, and rate limits far out of the way: they are not what is measured.
// Everything else is the server's own default, read through its own schema.
const env = parseEnv({
  NODE_ENV: "production",
  PORT: "0",
  DATABASE_URL: url,
  APP_URL: "http://127.0.0.1:3999",
  MAIL_FROM: "Benchmark <bench@hyn.local>",
  LOG_LEVEL: "silent",
  RATE_LIMIT_MULTIPLIER: "1000000",
  // ANSWER_CACHE_MB=0 pnpm bench ...: the same run with the answer cache (ADR 0009) off.
  ...(process.env.ANSWER_CACHE_MB ? { ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB } : {}),
  // OVERLOAD_EVENT_LOOP_DELAY_MS=0 OVERLOAD_POOL_WAIT_MS=0 pnpm bench ...: the same run shedding nothing (ADR 0035).
  ...Object.fromEntries(
    ["OVERLOAD_EVENT_LOOP_DELAY_MS", "OVERLOAD_POOL_WAIT_MS"].flatMap((name) =>
      process.env[name] ? [[name, process.env[name]]] : [],
    ),
  ),
});

const listen = async (server: {
  listen: (o: { port: number; host: string }) => Promise<string>;
  server: { address(): AddressInfo | string | null };
}) => {
  await server.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};

const handle = await createDb({ url, maxConnections: 20 });
const app = await buildApp({ env, db: handle, startWorkers: false });
let baselineBody = "{}";
let stopRecording: (() => RecordedStatement[]) | undefined;
const baseline = Fastify({ logger: false });
baseline.get("/baseline", async (_request, reply) => reply.type("application/json").send(baselineBody));
// The same-SQL reference (same-sql.ts): the app's statements for a path, from a pool of the app's size.
const sameSqlPool = postgres(url, { max: 20, onnotice: () => undefined, fetch_types: false });
// Dates and times as text, as drizzle sets up the app's client (drizzle-orm/postgres-js, construct):
// the statements compare with 'infinity', which no Date holds.
for (const oid of [1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231]) {
  sameSqlPool.options.parsers[oid] = (value: string) => value;
  sameSqlPool.options.serializers[oid] = (value: unknown) => value;
}
const sameSqlPlans = new Map<string, SameSqlPlan>();
baseline.route<{ Params: { path: string }; Querystring: { id?: string } }>({
  method: ["GET", "POST"],
  url: "/same-sql/:path",
  handler: async (request, reply) => {
    const plan = sameSqlPlans.get(request.params.path);
    if (!plan) return reply.code(404).send();
    try {
      return reply.type("application/json").send(JSON.stringify(await replay(sameSqlPool, plan, request.query.id)));
    } catch (error) {
      if (error instanceof SameSqlRefusal) return reply.code(409).send();
      throw error;
    }
  },
});
const [appUrl, baselineUrl] = [await listen(app.server), await listen(baseline)];

process.on("message", (message: ChildRequest) => {
  if (message.type === "baseline") {
    baselineBody = message.body;
    send({ type: "done", id: message.id });
  } else if (message.type === "statements") {
    send({ type: "statements", id: message.id, count: handle.statementCount() });
  } else if (message.type === "sameSql") {
    for (const plan of message.plans) sameSqlPlans.set(plan.path, plan);
    send({ type: "done", id: message.id });
  } else if (message.type === "record") {
    stopRecording = handle.recordStatements();
    send({ type: "done", id: message.id });
  } else if (message.type === "recorded") {
    send({ type: "recorded", id: message.id, statements: stopRecording?.() ?? [] });
    stopRecording = undefined;
  } else {
    void (async () => {
      await baseline.close();
      await app.server.close();
      await handle.close();
      await sameSqlPool.end({ timeout: 5 });
      send({ type: "done", id: message.id });
      process.disconnect();
    })();
  }
});
send({ type: "ready", appUrl, baselineUrl });

// BENCH_MEMORY_LOG=1: each time RSS grows by 20 MB, print where it is (V8 heap or buffers outside
// it), to explain a peak the table shows only as one number.
if (process.env.BENCH_MEMORY_LOG) {
  let logged = 0;
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss < logged + 20 * 1048576) return;
    logged = m.rss;
    process.stderr.write(
      `memory: rss ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB\n`,
    );
  }, 50).unref();
}
