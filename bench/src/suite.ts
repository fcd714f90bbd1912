import { createDb } from "@hyn/db";
import { prepareFixture } from "./fixture";
import { runAlternating, runLoad, type LoadRequest, type LoadResult } from "./load";
import { sameSqlPlan, type SameSqlPath, type SameSqlPlan } from "./same-sql";
import { startServerChild, type ServerChild } from "./server-child";
import { batchQuery, mutation, restGet, send, sendForSize } from "./trpc-http";

/** Sequential calls per scenario that count its SQL statements. */
const PROBE_ROUNDS = 3;
/** Sequential calls of the cached dashboard, after one that builds its entry, each counted as hit or miss. */
const CACHE_PROBE_CALLS = 10;
/**
 * Turns of a same-SQL reference and its app path (each `--duration / SAME_SQL_TURNS` seconds): the
 * machine's speed drifts over seconds (other work on its cores, PostgreSQL's own), which a share of
 * two runs one after the other took in full.
 */
const SAME_SQL_TURNS = 3;
/** autocannon reports done before the server has answered the calls still in flight. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

export interface RunSettings {
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
  only: Set<string> | null;
  /** A second process spinning on one core beside the server the whole run (`--cpu-hog`, cpu-hog.ts). */
  cpuHog: boolean;
}

export interface ScenarioResult extends LoadResult {
  name: string;
  /** For a same-SQL reference (same-sql.ts): the statements of the recorded call, per call. */
  statementsPerCall: number;
  /** The answer's body, in bytes, averaged over the probe calls. */
  bytesPerCall: number;
}

/** The long-history scenarios and the ordinary member's ones they are held to (budgets.ts). */
export const LONG_HISTORY_PAIRS = [
  ["long-history dashboard", "dashboard first load"],
  ["long-history group list (tRPC)", "group request list (tRPC)"],
] as const;

/** An app path beside the same SQL sent by postgres.js on bare Fastify (same-sql.ts), from one run. */
export interface SameSqlShare {
  scenario: string;
  reference: string;
  appReqPerSec: number;
  referenceReqPerSec: number;
  /** The app's req/s as a share of its reference's, in %. */
  share: number;
  /** Issue 31's goal for this path, in %. */
  goal: number;
}

/** What the benchmarked dashboard shows of trips (issue 28): its trips, and the reader's own items on them. */
export interface DashboardTrips {
  /** Trips still taking items in the whole database. */
  seeded: number;
  trips: number;
  items: number;
}

export interface SuiteResult {
  label: string;
  requestCount: number;
  dashboardTrips: DashboardTrips;
  /** Of CACHE_PROBE_CALLS calls of the cached dashboard after the first, the answer-cache hits; null when not run. */
  dashboardCacheHits: { hits: number; calls: number } | null;
  scenarios: ScenarioResult[];
  sameSql: SameSqlShare[];
}

/** The app's paths that have a same-SQL reference: its scenario, the reference's, and issue 31's goal (%). */
export const SAME_SQL_PAIRS = [
  {
    scenario: "dashboard, fresh (no-cache)",
    reference: "dashboard, fresh: same SQL, bare Fastify",
    paths: ["dashboard"],
    goal: 75,
  },
  {
    scenario: "claim + unclaim",
    reference: "claim + unclaim: same SQL, bare Fastify",
    paths: ["claim", "unclaim"],
    goal: 60,
  },
  { scenario: "create request", reference: "create request: same SQL, bare Fastify", paths: ["create"], goal: 60 },
] as const satisfies readonly { scenario: string; reference: string; paths: readonly SameSqlPath[]; goal: number }[];

/** A run's failed and shed calls by kind: "12 failed (500: 10, timeout: 2), 40 shed (503)". */
export function describeFailures(result: LoadResult): string {
  const kinds = Object.entries(result.failures).filter(([kind]) => kind !== "503");
  const parts = [];
  if (result.errors) parts.push(`${result.errors} failed (${kinds.map(([kind, n]) => `${kind}: ${n}`).join(", ")})`);
  if (result.shed) parts.push(`${result.shed} shed (503)`);
  return parts.join(", ");
}

/** The statements and answer of one call, recorded in the server. */
async function recordCall(server: ServerChild, request: LoadRequest) {
  const stop = await server.recordStatements();
  const body = await send(server.appUrl, request);
  return { statements: await stop(), body };
}

/** The id in a tRPC batch answer of one request view (`[{ result: { data: { id } } }]`). */
const answeredId = (body: unknown) => String((body as [{ result: { data: { id: string } } }])[0].result.data.id);

/** The trips of a tRPC batch answer of the dashboard, and the reader's requests that are items on one. */
function tripsShownBy(body: unknown): Omit<DashboardTrips, "seeded"> {
  const dashboard = (body as [{ result: { data: { trips: unknown[]; myRequests: { tripId: string | null }[] } } }])[0]
    .result.data;
  return { trips: dashboard.trips.length, items: dashboard.myRequests.filter((r) => r.tripId !== null).length };
}

/**
 * Answer-cache hits among `calls` sequential calls after one that builds the entry: a hit sends one
 * statement (the session and freshness check, ADR 0009), a miss the procedure's own.
 */
async function countCacheHits(server: ServerChild, request: LoadRequest, calls: number) {
  await send(server.appUrl, request);
  let hits = 0;
  for (let i = 0; i < calls; i++) {
    const before = await server.statementCount();
    await send(server.appUrl, request);
    if ((await server.statementCount()) - before === 1) hits++;
  }
  return { hits, calls };
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
  const dashboardBody = await send(appUrl, dashboard);
  await server.setBaselineBody(JSON.stringify(dashboardBody));
  const dashboardTrips = { seeded: fixture.openTripCount, ...tripsShownBy(dashboardBody) };
  log(
    `${label}: the reader's dashboard shows ${dashboardTrips.trips} trips, ${dashboardTrips.items} of their items on trips`,
  );

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
  // The same-SQL references (same-sql.ts): one call of each path recorded now, on this database.
  const claimableId = fixture.claimableIds[0]!;
  const createCall = mutation(
    "requests.create",
    {
      itemDescription: "Benchmark milk",
      groupId: fixture.benchGroupId,
      neededBy: new Date(Date.now() + 7 * 86_400_000),
    },
    fixture.poster.token,
  );
  const claimCall = (id: string) => mutation("requests.claim", { id }, fixture.reader.token);
  const unclaimCall = (id: string) => mutation("requests.unclaim", { id }, fixture.reader.token);
  // Each path once unrecorded first: a first call reads what the server then keeps (the unsubscribe secret).
  for (const request of [fresh(dashboard), createCall, claimCall(claimableId), unclaimCall(claimableId)])
    await send(appUrl, request);
  const recorded = {
    dashboard: await recordCall(server, fresh(dashboard)),
    create: await recordCall(server, createCall),
    claim: await recordCall(server, claimCall(claimableId)),
    unclaim: await recordCall(server, unclaimCall(claimableId)),
  };
  const plans: SameSqlPlan[] = [
    sameSqlPlan("dashboard", recorded.dashboard.statements),
    sameSqlPlan("create", recorded.create.statements, answeredId(recorded.create.body)),
    sameSqlPlan("claim", recorded.claim.statements, claimableId),
    sameSqlPlan("unclaim", recorded.unclaim.statements, claimableId),
  ];
  await server.setSameSqlPlans(plans);
  const statementsOf = (...paths: SameSqlPath[]) =>
    paths.reduce((sum, path) => sum + recorded[path].statements.length, 0) / paths.length;
  // The reference receives the app's own request (headers, body), at its own path.
  const sameSql = (request: LoadRequest, path: SameSqlPath, id?: string): LoadRequest => ({
    ...request,
    path: `/same-sql/${path}${id ? `?id=${id}` : ""}`,
  });
  const [dashboardPair, claimPair, createPair] = SAME_SQL_PAIRS;
  const runs = (name: string) => !settings.only || settings.only.has(name.split(/[\s,]/)[0]!);
  const dashboardCacheHits = runs("dashboard") ? await countCacheHits(server, dashboard, CACHE_PROBE_CALLS) : null;
  if (dashboardCacheHits)
    log(
      `${label}: the cached dashboard, ${dashboardCacheHits.hits} of ${dashboardCacheHits.calls} calls answer-cache hits`,
    );

  const scenarios: {
    name: string;
    url: string;
    perConnection: LoadRequest[][];
    afterEachRun?: () => Promise<void>;
    /** A same-SQL reference: its statements per call, as recorded. */
    sameSqlStatements?: number;
  }[] = [
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
    // Each same-SQL reference is measured in turns with its app path (same-sql.ts, SAME_SQL_TURNS).
    {
      name: dashboardPair.reference,
      url: baselineUrl,
      perConnection: [[sameSql(fresh(dashboard), "dashboard")]],
      sameSqlStatements: statementsOf(...dashboardPair.paths),
    },
    { name: dashboardPair.scenario, url: appUrl, perConnection: [[fresh(dashboard)]] },
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
      name: claimPair.reference,
      url: baselineUrl,
      perConnection: fixture.claimableIds.map((id) => [
        sameSql(claimCall(id), "claim", id),
        sameSql(unclaimCall(id), "unclaim", id),
      ]),
      afterEachRun: fixture.reopenClaimable,
      sameSqlStatements: statementsOf(...claimPair.paths),
    },
    {
      name: claimPair.scenario,
      url: appUrl,
      perConnection: fixture.claimableIds.map((id) => [claimCall(id), unclaimCall(id)]),
      // A run can stop between a claim and its unclaim; the next run starts from open requests.
      afterEachRun: fixture.reopenClaimable,
    },
    {
      name: createPair.reference,
      url: baselineUrl,
      perConnection: [[sameSql(createCall, "create")]],
      sameSqlStatements: statementsOf(...createPair.paths),
    },
    { name: createPair.scenario, url: appUrl, perConnection: [[createCall]] },
    {
      name: "sign-in (argon2, apart)",
      url: appUrl,
      perConnection: [[mutation("auth.signIn", { email: fixture.poster.email, password: "scale-test-password" })]],
    },
  ];

  type Scenario = (typeof scenarios)[number];
  const loadOf = (scenario: Scenario) => ({
    url: scenario.url,
    connections: settings.connections,
    perConnection: scenario.perConnection,
    serverRss: server.rss,
  });
  /** Statements per call and bytes per answer, from a few calls made one at a time. */
  async function probe(scenario: Scenario) {
    // Counted exactly on calls made one at a time: under load, calls still in flight when a run ends
    // would blur a division of totals.
    const before = await server.statementCount();
    let bytes = 0;
    for (let i = 0; i < PROBE_ROUNDS; i++)
      for (const request of scenario.perConnection[0]!) bytes += await sendForSize(scenario.url, request);
    const probeCalls = PROBE_ROUNDS * scenario.perConnection[0]!.length;
    const statementsPerCall = Math.round((((await server.statementCount()) - before) / probeCalls) * 10) / 10;
    // The reference sends the statements of one recorded call: that call must be like every other.
    const pair = SAME_SQL_PAIRS.find((p) => p.scenario === scenario.name);
    if (pair && Math.round(statementsOf(...pair.paths) * 10) / 10 !== statementsPerCall)
      throw new Error(
        `${scenario.name}: ${statementsPerCall} SQL statements per call, but its same-SQL reference recorded ${statementsOf(...pair.paths)}`,
      );
    return {
      statementsPerCall: scenario.sameSqlStatements ?? (scenario.url === baselineUrl ? 0 : statementsPerCall),
      bytesPerCall: Math.round(bytes / probeCalls),
    };
  }
  async function warmUp(scenario: Scenario) {
    await scenario.afterEachRun?.();
    await runLoad({ ...loadOf(scenario), seconds: settings.warmupSeconds });
    await settle();
    await scenario.afterEachRun?.();
  }
  const results: ScenarioResult[] = [];
  const report = async (scenario: Scenario, probed: Awaited<ReturnType<typeof probe>>, measured: LoadResult) => {
    results.push({ name: scenario.name, ...probed, ...measured });
    log(
      `  ${scenario.name.padEnd(32)} ${String(measured.reqPerSec).padStart(6)} req/s  p95 ${measured.p95} ms${measured.errors || measured.shed ? `  (${describeFailures(measured)})` : ""}`,
    );
  };
  try {
    for (const [index, scenario] of scenarios.entries()) {
      // The first word, without its comma: `--only dashboard` runs the fresh dashboard and its reference too.
      if (!runs(scenario.name) || results.some((r) => r.name === scenario.name)) continue;
      const pair = SAME_SQL_PAIRS.find((p) => p.reference === scenario.name);
      const app = pair && scenarios.find((s, i) => i > index && s.name === pair.scenario);
      if (!app) {
        const probed = await probe(scenario);
        await warmUp(scenario);
        const measured = await runLoad({ ...loadOf(scenario), seconds: settings.measureSeconds });
        await settle();
        await scenario.afterEachRun?.();
        await report(scenario, probed, measured);
        continue;
      }
      // A same-SQL reference and its app path: measured in turns, so that the share compares the same minute.
      const both = [scenario, app] as const;
      const probed = [await probe(scenario), await probe(app)] as const;
      for (const each of both) await warmUp(each);
      const measured = await runAlternating(
        [loadOf(scenario), loadOf(app)],
        SAME_SQL_TURNS,
        settings.measureSeconds / SAME_SQL_TURNS,
        async (turn) => {
          await settle();
          await both[turn].afterEachRun?.();
        },
      );
      await report(scenario, probed[0], measured[0]);
      await report(app, probed[1], measured[1]);
    }
  } finally {
    await fixture.cleanUp();
    await server.stop();
    await handle.close();
  }
  const reqPerSecOf = (name: string) => results.find((r) => r.name === name)?.reqPerSec;
  const sameSqlShares: SameSqlShare[] = SAME_SQL_PAIRS.flatMap((pair) => {
    const [appReqPerSec, referenceReqPerSec] = [reqPerSecOf(pair.scenario), reqPerSecOf(pair.reference)];
    if (!appReqPerSec || !referenceReqPerSec) return [];
    const share = Math.round((appReqPerSec / referenceReqPerSec) * 100);
    return [
      { scenario: pair.scenario, reference: pair.reference, goal: pair.goal, appReqPerSec, referenceReqPerSec, share },
    ];
  });
  return {
    label,
    requestCount: fixture.requestCount,
    dashboardTrips,
    dashboardCacheHits,
    scenarios: results,
    sameSql: sameSqlShares,
  };
}
