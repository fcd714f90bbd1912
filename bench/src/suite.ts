import type { AddressInfo } from "node:net";
import { createDb } from "@hyn/db";
import { buildApp, type BuildAppOptions } from "@hyn/server";
import Fastify from "fastify";
import { prepareFixture } from "./fixture";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { batchQuery, mutation, restGet, send } from "./trpc-http";

/** Sequential calls per scenario that count its SQL statements. */
const PROBE_ROUNDS = 3;
/** autocannon reports done before the server has answered the calls still in flight. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

export interface RunSettings {
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
  only: Set<string> | null;
}

export interface ScenarioResult extends LoadResult {
  name: string;
  statementsPerCall: number;
}

export interface SuiteResult {
  label: string;
  requestCount: number;
  scenarios: ScenarioResult[];
}

const listen = async (server: { listen: (o: { port: number; host: string }) => Promise<string>; server: { address(): AddressInfo | string | null } }) => {
  await server.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
};

/** Runs every scenario against the real app on one database, next to a bare-Fastify baseline. */
export async function runSuite(label: string, url: string, settings: RunSettings, log: (line: string) => void): Promise<SuiteResult> {
  // Production settings, quiet logs, and rate limits far out of the way: they are not what is measured.
  const env: BuildAppOptions["env"] = {
    NODE_ENV: "production",
    PORT: 0,
    HOST: "127.0.0.1",
    DATABASE_URL: url,
    DATA_DIR: "./.data",
    APP_URL: "http://127.0.0.1:3999",
    SMTP_URL: undefined,
    MAIL_FROM: "Benchmark <bench@hyn.local>",
    REQUIRE_EMAIL_CONFIRMATION: true,
    ADMIN_EMAILS: [],
    FEEDBACK_TO: undefined,
    DIGEST_HOUR: 8,
    APP_TIMEZONE: "UTC",
    LOG_LEVEL: "silent",
    RATE_LIMIT_MULTIPLIER: 1_000_000,
    TRUST_PROXY: false,
    WEB_DIST: undefined,
  };
  const handle = await createDb({ url, maxConnections: 20 });
  const app = await buildApp({ env, db: handle, startWorkers: false });
  const appUrl = await listen(app.server);
  const fixture = await prepareFixture(handle, appUrl);
  log(`${label}: ${fixture.requestCount} requests; reader ${fixture.reader.email}`);

  const dashboard = batchQuery([{ path: "requests.dashboard" }], fixture.reader.token);
  // The baseline answers the dashboard's own JSON from memory: everything but the app's work.
  const dashboardJson = JSON.stringify(await send(appUrl, dashboard));
  const baseline = Fastify({ logger: false });
  baseline.get("/baseline", async (_request, reply) => reply.type("application/json").send(dashboardJson));
  const baselineUrl = await listen(baseline);

  const groupList = batchQuery([{ path: "requests.forGroup", input: { groupId: fixture.busiestGroupId } }], fixture.reader.token);
  const scenarios: { name: string; url: string; perConnection: LoadRequest[][]; afterEachRun?: () => Promise<void> }[] = [
    { name: "baseline (bare Fastify)", url: baselineUrl, perConnection: [[{ method: "GET", path: "/baseline" }]] },
    { name: "dashboard first load", url: appUrl, perConnection: [[dashboard]] },
    { name: "group request list (tRPC)", url: appUrl, perConnection: [[groupList]] },
    { name: "group request list (REST)", url: appUrl, perConnection: [[restGet(`/groups/${fixture.busiestGroupId}/requests`, fixture.reader.token)]] },
    {
      name: "groups page",
      url: appUrl,
      // The queries GroupsPage and its panels send in their first render: one batch.
      perConnection: [[batchQuery([{ path: "groups.list" }, { path: "limits.withCounts" }, { path: "invitations.pending" }, { path: "invitations.outgoing" }], fixture.reader.token)]],
    },
    { name: "admin metrics", url: appUrl, perConnection: [[batchQuery([{ path: "admin.metrics" }], fixture.admin.token)]] },
    {
      name: "claim + unclaim",
      url: appUrl,
      perConnection: fixture.claimableIds.map((id) => [mutation("requests.claim", { id }, fixture.reader.token), mutation("requests.unclaim", { id }, fixture.reader.token)]),
      // A run can stop between a claim and its unclaim; the next run starts from open requests.
      afterEachRun: fixture.reopenClaimable,
    },
    {
      name: "create request",
      url: appUrl,
      perConnection: [[mutation("requests.create", { itemDescription: "Benchmark milk", groupId: fixture.benchGroupId, neededBy: new Date(Date.now() + 7 * 86_400_000) }, fixture.poster.token)]],
    },
    {
      name: "sign-in (argon2, apart)",
      url: appUrl,
      perConnection: [[mutation("auth.signIn", { email: fixture.poster.email, password: "scale-test-password" })]],
    },
  ];

  const results: ScenarioResult[] = [];
  try {
    for (const scenario of scenarios) {
      if (settings.only && !settings.only.has(scenario.name.split(" ")[0]!)) continue;
      const load = { url: scenario.url, connections: settings.connections, perConnection: scenario.perConnection };
      // Statements per call, counted exactly on a few calls made one at a time: under load, calls
      // still in flight when a run ends would blur a division of totals.
      const before = handle.statementCount();
      for (let i = 0; i < PROBE_ROUNDS; i++) for (const request of scenario.perConnection[0]!) await send(scenario.url, request);
      const statementsPerCall = Math.round(((handle.statementCount() - before) / (PROBE_ROUNDS * scenario.perConnection[0]!.length)) * 10) / 10;
      await scenario.afterEachRun?.();
      await runLoad({ ...load, seconds: settings.warmupSeconds });
      await settle();
      await scenario.afterEachRun?.();
      const measured = await runLoad({ ...load, seconds: settings.measureSeconds });
      await settle();
      await scenario.afterEachRun?.();
      results.push({ name: scenario.name, statementsPerCall: scenario.url === baselineUrl ? 0 : statementsPerCall, ...measured });
      log(`  ${scenario.name.padEnd(28)} ${String(measured.reqPerSec).padStart(6)} req/s  p95 ${measured.p95} ms${measured.errors ? `  (${measured.errors} errors)` : ""}`);
    }
  } finally {
    await fixture.cleanUp();
    await baseline.close();
    await app.server.close();
    await handle.close();
  }
  return { label, requestCount: fixture.requestCount, scenarios: results };
}
