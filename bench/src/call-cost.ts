/**
 * `pnpm bench:cost [-- --db postgres://...]`: where one call's time goes, one call at a time (no
 * concurrency): CPU of this Node process and of every PostgreSQL backend, per call, for the layers of
 * the dashboard's first load and a group's request list. Linux only (PostgreSQL CPU from /proc).
 * A benchmark, never part of `pnpm test`; the database must be seeded with `pnpm seed:scale`.
 */
import { appRouter, createContextInner, resolveSession } from "@hyn/api";
import { createServices, silentLogger, systemClock, type Services } from "@hyn/core";
import { testConfig } from "@hyn/core/testing";
import { createDb } from "@hyn/db";
import superjson from "superjson";
import { prepareFixture } from "./fixture";
import { cpuMsOfAll } from "./proc";
import { startServerChild } from "./server-child";
import { batchQuery, mutation, restGet, send } from "./trpc-http";

const ROUNDS = 500;
const args = process.argv.slice(2).filter((a) => a !== "--");
const url = args[0] === "--db" ? args[1] : process.env.DATABASE_URL;
if (!url) throw new Error("set DATABASE_URL or pass --db postgres://... (seeded with pnpm seed:scale)");

async function measure(name: string, call: () => Promise<unknown>, serverCpuMs?: () => Promise<number>) {
  for (let i = 0; i < 50; i++) await call();
  const [wall, cpu, pg, server] = [
    performance.now(),
    process.cpuUsage(),
    cpuMsOfAll("postgres"),
    await serverCpuMs?.(),
  ];
  for (let i = 0; i < ROUNDS; i++) await call();
  const used = process.cpuUsage(cpu);
  const nodeMs = serverCpuMs ? ((await serverCpuMs()) - server!) / ROUNDS : (used.user + used.system) / 1000 / ROUNDS;
  const row = (n: number) => n.toFixed(2).padStart(8);
  process.stdout.write(
    `${name.padEnd(44)}${row((performance.now() - wall) / ROUNDS)}${row(nodeMs)}${row((cpuMsOfAll("postgres") - pg) / ROUNDS)}\n`,
  );
}

const handle = await createDb({ url, maxConnections: 10 });
const services: Services = createServices({
  db: handle.db,
  clock: systemClock,
  logger: silentLogger,
  config: testConfig({ rateLimitMultiplier: 1_000_000 }),
});
const server = await startServerChild(url);
const fixture = await prepareFixture(handle, server.appUrl);
try {
  const session = await resolveSession(services, fixture.reader.token);
  const caller = appRouter.createCaller(createContextInner({ services, session }));
  const dashboard = await caller.requests.dashboard();
  const dashboardJson = JSON.stringify(dashboard);
  await server.setBaselineBody(dashboardJson);
  const groupId = fixture.busiestGroupId;
  const overHttp = (request: ReturnType<typeof batchQuery>) => () => send(server.appUrl, request);

  process.stdout.write(`${ROUNDS} calls each, one at a time; dashboard JSON ${dashboardJson.length} bytes\n`);
  process.stdout.write(`${"ms per call".padEnd(44)}${"wall".padStart(8)}${"node".padStart(8)}${"pg".padStart(8)}\n`);
  await measure("session lookup", () => resolveSession(services, fixture.reader.token));
  await measure("dashboard: the procedure (createCaller)", () => caller.requests.dashboard());
  // What the wire carries (ADR 0033), and superjson's format for comparison (what ADR 0033 chose against).
  await measure("dashboard: JSON of its answer (the wire)", async () => JSON.stringify(dashboard));
  await measure("dashboard: superjson of its answer", async () => JSON.stringify(superjson.serialize(dashboard)));
  await measure(
    "dashboard over HTTP (tRPC; node = server)",
    overHttp(batchQuery([{ path: "requests.dashboard" }], fixture.reader.token)),
    server.cpuMs,
  );
  await measure("group list: the procedure (createCaller)", () => caller.requests.forGroup({ groupId }));
  await measure(
    "group list over HTTP (tRPC; node = server)",
    overHttp(batchQuery([{ path: "requests.forGroup", input: { groupId } }], fixture.reader.token)),
    server.cpuMs,
  );
  await measure(
    "group list over HTTP (REST; node = server)",
    overHttp(restGet(`/groups/${groupId}/requests`, fixture.reader.token)),
    server.cpuMs,
  );
  // The write paths of issue 31: a claim and its unclaim (one measured call is both), and a post.
  const claimId = fixture.claimableIds[0]!;
  await measure("claim + unclaim: the procedures (createCaller)", async () => {
    await caller.requests.claim({ id: claimId });
    await caller.requests.unclaim({ id: claimId });
  });
  await measure(
    "claim + unclaim over HTTP (tRPC; node = server)",
    async () => {
      await send(server.appUrl, mutation("requests.claim", { id: claimId }, fixture.reader.token));
      await send(server.appUrl, mutation("requests.unclaim", { id: claimId }, fixture.reader.token));
    },
    server.cpuMs,
  );
  const poster = appRouter.createCaller(
    createContextInner({ services, session: await resolveSession(services, fixture.poster.token) }),
  );
  const post = {
    itemDescription: "Benchmark milk",
    groupId: fixture.benchGroupId,
    neededBy: new Date(Date.now() + 7 * 86_400_000),
  };
  await measure("create request: the procedure (createCaller)", () => poster.requests.create(post));
  await measure(
    "create request over HTTP (tRPC; node = server)",
    overHttp(mutation("requests.create", post, fixture.poster.token)),
    server.cpuMs,
  );
  await measure(
    "baseline over HTTP (node = server)",
    () => fetch(`${server.baselineUrl}/baseline`).then((r) => r.text()),
    server.cpuMs,
  );
} finally {
  await fixture.cleanUp();
  await server.stop();
  await handle.close();
}
