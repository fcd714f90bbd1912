/**
 * `pnpm bench:fanout [-- --db postgres://.../seeded --rounds 20 --burst-rounds 3]`: how soon the last of
 * a group's twenty neighbours hears of a new request (issue 44 §1). A benchmark, never part of `pnpm test`.
 *
 * It copies the seeded database (`pnpm seed:scale -- --preset 10k`) as a template into a scratch one,
 * makes ten groups of 20 seeded neighbours (each told at once by e-mail and push, one device each, on a
 * local push service), and starts one instance of the app (`buildApp`: its job engine, push worker and
 * outbox, SMTP_URL pointing at a local SMTP server; NODE_ENV=development, the only setting that lets
 * pushes go to plain http on 127.0.0.1). The push service and the SMTP server run in this process.
 *
 * Measured from `POST /api/requests` answering to the last of the 19 neighbours' pushes received, and to
 * the last of their 19 e-mails accepted: one post at a time (`--rounds`), then ten posts at once to the
 * ten groups (`--burst-rounds` times). Fails (exit 1) when a budget is missed.
 */
import { createECDH, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startSmtpSink } from "@hyn/core/smtp-sink";
import { createDb, rowsOf } from "@hyn/db";
import { buildApp } from "@hyn/server";
import { parseEnv } from "@hyn/server/env";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { SEED_PASSWORD } from "./seed-sql";
import { send } from "./trpc-http";

/** Issue 44 §1's goals, in ms: p95 of the last neighbour's push and e-mail, one post, and ten at once. */
export const FAN_OUT_BUDGETS = {
  "one post: last push": 3_000,
  "one post: last e-mail": 5_000,
  "ten posts at once: last push": 10_000,
  "ten posts at once: last e-mail": 10_000,
} as const;

const GROUPS = 10;
const MEMBERS = 20;
/** A post's notices that have not all arrived by then are counted as this late (and fail the budget). */
const GIVE_UP_MS = 90_000;

function parseArgs(argv: string[]) {
  const args = argv.filter((a) => a !== "--");
  const options = { db: process.env.DATABASE_URL, rounds: 20, burstRounds: 3 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--db") options.db = value;
    else if (flag === "--rounds") options.rounds = Number(value);
    else if (flag === "--burst-rounds") options.burstRounds = Number(value);
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!options.db) throw new Error("set DATABASE_URL or pass --db postgres://... (seeded with pnpm seed:scale)");
  return options as typeof options & { db: string };
}

/** A push service that accepts every Web Push POST (201) and notes when each arrived, by path. */
async function startPushService() {
  const arrivals: { path: string; at: number }[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      arrivals.push({ path: request.url ?? "", at: performance.now() });
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const out = (line = "") => process.stdout.write(`${line}\n`);
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const options = parseArgs(process.argv.slice(2));
const seeded = new URL(options.db);
const scratchName = `hyn_bench_fanout_${process.pid}`;
const admin = postgres(Object.assign(new URL(options.db), { pathname: "/postgres" }).toString(), {
  max: 1,
  onnotice: () => undefined,
});
await admin.unsafe(`CREATE DATABASE ${scratchName} TEMPLATE ${seeded.pathname.slice(1)}`);
const scratchUrl = Object.assign(new URL(options.db), { pathname: `/${scratchName}` }).toString();

const pushService = await startPushService();
const sink = await startSmtpSink();
const setup = await createDb({ url: scratchUrl, maxConnections: 2 });
try {
  // 200 seeded neighbours who rest from nobody's asks (issue 41 §2 would tell a resting one later).
  const people = rowsOf<{ id: string; email: string }>(
    await setup.db.execute(sql`
      SELECT id, email FROM users WHERE email LIKE '%@scale.test' AND NOT is_admin ORDER BY email LIMIT ${GROUPS * MEMBERS}`),
  );
  if (people.length < GROUPS * MEMBERS) throw new Error("the database is not seeded: run pnpm seed:scale first");
  const ids = people.map((p) => p.id);
  await setup.db.execute(sql`UPDATE users SET always_at_once = true WHERE id IN ${sql.raw(`('${ids.join("','")}')`)}`);
  await setup.db.execute(sql`
    INSERT INTO user_email_preferences (user_id, frequency) SELECT id, 'immediate' FROM users WHERE id IN ${sql.raw(`('${ids.join("','")}')`)}
    ON CONFLICT (user_id) DO UPDATE SET frequency = 'immediate'`);
  // Every kind on for every channel (no row: on), and no group set otherwise.
  await setup.db.execute(
    sql`DELETE FROM user_notification_kinds WHERE user_id IN ${sql.raw(`('${ids.join("','")}')`)}`,
  );
  const groups: { id: string; poster: (typeof people)[number]; neighbours: typeof people }[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const members = people.slice(g * MEMBERS, (g + 1) * MEMBERS);
    const poster = members[0]!;
    const [group] = rowsOf<{ id: string }>(
      await setup.db.execute(
        sql`INSERT INTO groups (name, created_by) VALUES (${`Fan-out ${g + 1}`}, ${poster.id}) RETURNING id`,
      ),
    );
    for (const member of members)
      await setup.db.execute(sql`INSERT INTO group_members (group_id, user_id) VALUES (${group!.id}, ${member.id})`);
    await setup.db.execute(sql`UPDATE user_limits SET max_open_requests = 1000000 WHERE user_id = ${poster.id}`);
    groups.push({ id: group!.id, poster, neighbours: members.slice(1) });
  }
  // One device each, on the local push service, with a browser's keys (web-push encrypts for them).
  for (const person of people) {
    const ecdh = createECDH("prime256v1");
    await setup.db.execute(sql`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label)
      VALUES (${person.id}, ${`${pushService.origin}/push/${person.id}`}, ${ecdh.generateKeys().toString("base64url")},
              ${randomBytes(16).toString("base64url")}, 'Bench phone')`);
  }

  const env = parseEnv({
    NODE_ENV: "development",
    PORT: "0",
    LOG_LEVEL: "warn",
    DATABASE_URL: scratchUrl,
    APP_URL: "http://127.0.0.1:3999",
    MAIL_FROM: "Benchmark <bench@hyn.local>",
    SMTP_URL: sink.url,
    RATE_LIMIT_MULTIPLIER: "1000000",
    WEB_DIST: "/nonexistent",
  });
  const handle = await createDb({ url: scratchUrl, maxConnections: 20 });
  const app = await buildApp({ env, db: handle });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  const tokens = new Map<string, string>();
  for (const group of groups) {
    const body = (await send(baseUrl, {
      method: "POST",
      path: "/api/auth/signin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: group.poster.email, password: SEED_PASSWORD }),
    })) as { session: { token: string } };
    tokens.set(group.id, body.session.token);
  }

  let posted = 0;
  /** Posts to `group`'s neighbours; resolves with how long after the answer the last push and e-mail came. */
  async function post(group: (typeof groups)[number]) {
    const sentAt = performance.now();
    await send(baseUrl, {
      method: "POST",
      path: "/api/requests",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens.get(group.id)!}` },
      body: JSON.stringify({
        itemDescription: `Fan-out ${++posted}`,
        groupId: group.id,
        neededBy: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      }),
    });
    const answeredAt = performance.now();
    const paths = new Set(group.neighbours.map((n) => `/push/${n.id}`));
    const addresses = new Set(group.neighbours.map((n) => n.email.toLowerCase()));
    const lastOf = (times: number[]) =>
      times.length >= group.neighbours.length ? Math.max(...times) - answeredAt : null;
    for (;;) {
      const pushes = lastOf(pushService.arrivals.filter((a) => a.at >= sentAt && paths.has(a.path)).map((a) => a.at));
      const emails = lastOf(
        sink.received
          .filter((m) => m.acceptedAt >= sentAt && m.to.some((to) => addresses.has(to.toLowerCase())))
          .map((m) => m.acceptedAt),
      );
      if (pushes !== null && emails !== null) return { push: pushes, email: emails };
      if (performance.now() - answeredAt > GIVE_UP_MS)
        return { push: pushes ?? GIVE_UP_MS, email: emails ?? GIVE_UP_MS };
      await sleep(20);
    }
  }

  // One post at a time, each to the next group, after the one before was heard by all.
  const single: { push: number; email: number }[] = [];
  for (let round = 0; round < options.rounds; round++) single.push(await post(groups[round % GROUPS]!));
  // Ten at once, one to each group.
  const burst: { push: number; email: number }[] = [];
  for (let round = 0; round < options.burstRounds; round++) {
    await sleep(1000);
    burst.push(...(await Promise.all(groups.map((group) => post(group)))));
  }
  await app.server.close();
  await handle.close();

  const measured = {
    "one post: last push": p95(single.map((s) => s.push)),
    "one post: last e-mail": p95(single.map((s) => s.email)),
    "ten posts at once: last push": p95(burst.map((s) => s.push)),
    "ten posts at once: last e-mail": p95(burst.map((s) => s.email)),
  };
  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => Math.round(l * 100) / 100),
      node: process.version,
    },
    rounds: options.rounds,
    burstRounds: options.burstRounds,
    samples: { single, burst },
    p95: measured,
    budgets: Object.entries(FAN_OUT_BUDGETS).map(([name, budget]) => ({
      name,
      budget,
      measured: Math.round(measured[name as keyof typeof measured]),
      pass: measured[name as keyof typeof measured] < budget,
    })),
  };
  out(
    `Fan-out on ${seeded.pathname.slice(1)}: ${GROUPS} groups of ${MEMBERS}, one device and immediate e-mails each, one instance ` +
      `(${result.machine.cpus} cores, load ${result.machine.load.join(" ")})`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  out(
    `  one post (${single.length}): push p50 ${Math.round(median(single.map((s) => s.push)))} ms, e-mail p50 ${Math.round(median(single.map((s) => s.email)))} ms`,
  );
  out(
    `  ten at once (${burst.length}): push p50 ${Math.round(median(burst.map((s) => s.push)))} ms, e-mail p50 ${Math.round(median(burst.map((s) => s.email)))} ms`,
  );
  out("Budgets (p95)");
  for (const b of result.budgets)
    out(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.measured} ms (budget ${b.budget} ms)`);
  const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  const file = `${resultsDir}fanout-${result.date.replace(/[:.]/g, "-")}.json`;
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  out(`Written to ${file}`);
  process.exitCode = result.budgets.every((b) => b.pass) ? 0 : 1;
} finally {
  await setup.close();
  await sink.close();
  await pushService.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  await admin.end();
}
