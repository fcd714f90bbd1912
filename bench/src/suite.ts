import { createDb } from "@hyn/db";
import { prepareFixture } from "./fixture";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { startServerChild } from "./server-child";
import { batchQuery, mutation, restGet, send, sendForSize } from "./trpc-http";

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
  /** The answer's body, in bytes, averaged over the probe calls. */
  bytesPerCall: number;
}

/** The long-history scenarios and the ordinary member's ones they are held to (budgets.ts). */
export const LONG_HISTORY_PAIRS = [
  ["long-history dashboard", "dashboard first load"],
  ["long-history group list (tRPC)", "group request list (tRPC)"],
] as const;

export interface SuiteResult {
  label: string;
  requestCount: number;
  scenarios: ScenarioResult[];
}

/**
 * Runs every scenario against the real app on one database, in a server process of its own beside a
 * bare-Fastify baseline in that same process; the load comes from this one.
 */
export async function runSuite(
  label: string,
  url: string,
  settings: RunSettings,
  log: (line: string) => void,
): Promise<SuiteResult> {
  // This process's own small pool: picking the fixture's people and resetting the claim scenario.
  const handle = await createDb({ url, maxConnections: 2 });
  const server = await startServerChild(url);
  const appUrl = server.appUrl;
  const baselineUrl = server.baselineUrl;
  const fixture = await prepareFixture(handle, appUrl);
  log(`${label}: ${fixture.requestCount} requests; reader ${fixture.reader.email}`);

  const dashboard = batchQuery([{ path: "requests.dashboard" }], fixture.reader.token);
  // The baseline answers the dashboard's own JSON from memory: everything but the app's work.
  await server.setBaselineBody(JSON.stringify(await send(appUrl, dashboard)));

  const groupList = batchQuery(
    [{ path: "requests.forGroup", input: { groupId: fixture.busiestGroupId } }],
    fixture.reader.token,
  );
  const restGroupList = restGet(`/groups/${fixture.busiestGroupId}/requests`, fixture.reader.token);
  // The same calls past the answer cache (ADR 0009), as after a change: what every miss costs.
  const fresh = (request: LoadRequest): LoadRequest => ({
    ...request,
    headers: { ...request.headers, "cache-control": "no-cache" },
  });
  const scenarios: { name: string; url: string; perConnection: LoadRequest[][]; afterEachRun?: () => Promise<void> }[] =
    [
      { name: "baseline (bare Fastify)", url: baselineUrl, perConnection: [[{ method: "GET", path: "/baseline" }]] },
      // Not a budget: the cheapest tRPC call there is (no session, no database, a few bytes back), the
      // ceiling any procedure can reach through the same stack.
      { name: "tRPC floor (system.info)", url: appUrl, perConnection: [[batchQuery([{ path: "system.info" }])]] },
      { name: "dashboard first load", url: appUrl, perConnection: [[dashboard]] },
      { name: "group request list (tRPC)", url: appUrl, perConnection: [[groupList]] },
      { name: "group request list (REST)", url: appUrl, perConnection: [[restGroupList]] },
      // Years of use (issue 13): a person with 5,000 past requests, a group with 20,000.
      ...(fixture.veteran
        ? [
            {
              name: LONG_HISTORY_PAIRS[0][0],
              url: appUrl,
              perConnection: [[batchQuery([{ path: "requests.dashboard" }], fixture.veteran.token)]],
            },
            {
              name: LONG_HISTORY_PAIRS[1][0],
              url: appUrl,
              perConnection: [
                [
                  batchQuery(
                    [{ path: "requests.forGroup", input: { groupId: fixture.veteran.groupId } }],
                    fixture.veteran.token,
                  ),
                ],
              ],
            },
          ]
        : []),
      { name: "dashboard, fresh (no-cache)", url: appUrl, perConnection: [[fresh(dashboard)]] },
      { name: "group request list (tRPC, fresh)", url: appUrl, perConnection: [[fresh(groupList)]] },
      { name: "group request list (REST, fresh)", url: appUrl, perConnection: [[fresh(restGroupList)]] },
      {
        name: "groups page",
        url: appUrl,
        // The queries GroupsPage and its panels send in their first render: one batch.
        perConnection: [
          [
            batchQuery(
              [
                { path: "groups.list" },
                { path: "limits.withCounts" },
                { path: "invitations.pending" },
                { path: "invitations.outgoing" },
              ],
              fixture.reader.token,
            ),
          ],
        ],
      },
      {
        name: "admin metrics",
        url: appUrl,
        perConnection: [[batchQuery([{ path: "admin.metrics" }], fixture.admin.token)]],
      },
      {
        name: "claim + unclaim",
        url: appUrl,
        perConnection: fixture.claimableIds.map((id) => [
          mutation("requests.claim", { id }, fixture.reader.token),
          mutation("requests.unclaim", { id }, fixture.reader.token),
        ]),
        // A run can stop between a claim and its unclaim; the next run starts from open requests.
        afterEachRun: fixture.reopenClaimable,
      },
      {
        name: "create request",
        url: appUrl,
        perConnection: [
          [
            mutation(
              "requests.create",
              {
                itemDescription: "Benchmark milk",
                groupId: fixture.benchGroupId,
                neededBy: new Date(Date.now() + 7 * 86_400_000),
              },
              fixture.poster.token,
            ),
          ],
        ],
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
      const load = {
        url: scenario.url,
        connections: settings.connections,
        perConnection: scenario.perConnection,
        serverRss: server.rss,
      };
      // Statements per call, counted exactly on a few calls made one at a time: under load, calls
      // still in flight when a run ends would blur a division of totals.
      const before = await server.statementCount();
      let bytes = 0;
      for (let i = 0; i < PROBE_ROUNDS; i++)
        for (const request of scenario.perConnection[0]!) bytes += await sendForSize(scenario.url, request);
      const probeCalls = PROBE_ROUNDS * scenario.perConnection[0]!.length;
      const statementsPerCall = Math.round((((await server.statementCount()) - before) / probeCalls) * 10) / 10;
      const bytesPerCall = Math.round(bytes / probeCalls);
      await scenario.afterEachRun?.();
      await runLoad({ ...load, seconds: settings.warmupSeconds });
      await settle();
      await scenario.afterEachRun?.();
      const measured = await runLoad({ ...load, seconds: settings.measureSeconds });
      await settle();
      await scenario.afterEachRun?.();
      results.push({
        name: scenario.name,
        statementsPerCall: scenario.url === baselineUrl ? 0 : statementsPerCall,
        bytesPerCall,
        ...measured,
      });
      log(
        `  ${scenario.name.padEnd(32)} ${String(measured.reqPerSec).padStart(6)} req/s  p95 ${measured.p95} ms${measured.errors ? `  (${measured.errors} errors)` : ""}`,
      );
    }
  } finally {
    await fixture.cleanUp();
    await server.stop();
    await handle.close();
  }
  return { label, requestCount: fixture.requestCount, scenarios: results };
}
