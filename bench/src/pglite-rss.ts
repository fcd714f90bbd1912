/**
 * The embedded database's memory (issue 44): the built server on PGlite, as the README's `start` runs
 * it (`node <the start script's flags> apps/server/dist/server.mjs`, DATA_DIR and no DATABASE_URL), on a
 * fresh data directory seeded with the 10k preset (seed-scale.ts, in a process of its own). Its RSS is
 * read from /proc every 250 ms through four phases: start (until /readyz answers, and 10 s more),
 * idle, `--users` signed-in neighbours (neighbours.ts: live streams, dashboards, posts, claims), and
 * idle again. Budgets: the start's peak and every later sample (steady); a missed one fails the run.
 *
 *   pnpm bench:pglite-rss -- [--users 20] [--idle 30] [--load 60] [--port 4290] [--data-dir DIR]
 *
 * `--data-dir` reuses a seeded directory (copied, so every run starts from the same files). Not part of
 * `test`. Prints the phases and budgets, writes bench/results/pglite-rss-<date>.json, exits 1 on a miss.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { neighbourhood } from "./neighbours";
import { rssOf } from "./proc";
import { productionNodeFlags } from "./server-child";

/** What the issue asks of a PGlite server on the 10k seed, in MB of RSS. */
export const PGLITE_RSS_BUDGETS = { startMb: 400, steadyMb: 300 } as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1]!;
};
const USERS = Number(arg("users", "20"));
const IDLE_SECONDS = Number(arg("idle", "30"));
const LOAD_SECONDS = Number(arg("load", "60"));
const PORT = Number(arg("port", "4290"));
const seeded = arg("data-dir", "");
const base = `http://127.0.0.1:${PORT}`;
const out = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const work = mkdtempSync(path.join(tmpdir(), "hyn-pglite-rss-"));
const dataDir = path.join(work, "data");
const { DATABASE_URL: _none, ...environment } = process.env;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")}: exit ${code}`))));
  });
}

if (seeded) cpSync(seeded, dataDir, { recursive: true });
else {
  mkdirSync(dataDir);
  await run(process.execPath, ["--import", "tsx", "bench/src/seed-scale.ts", "--preset", "10k"], {
    ...environment,
    DATA_DIR: dataDir,
  });
}

const loadBefore = loadavg().map((n) => n.toFixed(1));
const nodeFlags = productionNodeFlags();
const server = spawn(process.execPath, [...nodeFlags, path.join(root, "apps/server/dist/server.mjs")], {
  cwd: work,
  env: {
    ...environment,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    REQUIRE_EMAIL_CONFIRMATION: "false",
    RATE_LIMIT_MULTIPLIER: "1000000",
    APP_URL: base,
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const pid = server.pid!;
const t0 = Date.now();
type Phase = "start" | "idle" | "users" | "idle after";
let phase: Phase = "start";
const samples: { ms: number; phase: Phase; rssMb: number }[] = [];
const sampler = setInterval(() => {
  try {
    samples.push({ ms: Date.now() - t0, phase, rssMb: mb(rssOf(pid)) });
  } catch {
    // the server has ended
  }
}, 250);

const neighbours = neighbourhood(base);
let readyMs = 0;
try {
  await neighbours.waitUntilReady();
  readyMs = Date.now() - t0;
  await sleep(10_000);
  phase = "idle";
  await sleep(IDLE_SECONDS * 1000);
  phase = "users";
  const { people, groupId } = await neighbours.street(USERS, "rss");
  const stop = new AbortController();
  for (const person of people) neighbours.liveStream(person.token, stop.signal);
  const until = Date.now() + LOAD_SECONDS * 1000;
  await Promise.all(people.map((me, i) => neighbours.loop(me, people[(i + 1) % people.length]!, groupId, until)));
  stop.abort();
  phase = "idle after";
  await sleep(IDLE_SECONDS * 1000);
} finally {
  clearInterval(sampler);
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(work, { recursive: true, force: true });
}

const phases = (["start", "idle", "users", "idle after"] as const).map((name) => {
  const rss = samples.filter((s) => s.phase === name).map((s) => s.rssMb);
  return { phase: name, minMb: Math.min(...rss), maxMb: Math.max(...rss), lastMb: rss.at(-1)! };
});
const startPeak = phases[0]!.maxMb;
const steadyPeak = Math.max(...phases.slice(1).map((p) => p.maxMb));
const budgets = [
  {
    name: `PGlite server RSS at start <= ${PGLITE_RSS_BUDGETS.startMb} MB (10k seed)`,
    pass: startPeak <= PGLITE_RSS_BUDGETS.startMb,
    measured: `${startPeak} MB`,
  },
  {
    name: `PGlite server RSS steady <= ${PGLITE_RSS_BUDGETS.steadyMb} MB (idle and ${USERS} users)`,
    pass: steadyPeak <= PGLITE_RSS_BUDGETS.steadyMb,
    measured: `${steadyPeak} MB`,
  },
];

out(
  `\nPGlite server on the 10k seed: ready after ${(readyMs / 1000).toFixed(1)} s; load average before ${loadBefore.join(" ")}, after ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
out(`phase         min MB  max MB  last MB`);
for (const p of phases)
  out(
    `${p.phase.padEnd(12)}  ${String(p.minMb).padStart(6)}  ${String(p.maxMb).padStart(6)}  ${String(p.lastMb).padStart(7)}`,
  );
out(`${neighbours.counts.calls} calls under ${USERS} users, ${neighbours.counts.failures} failed\n`);
for (const b of budgets) out(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.measured}`);

const file = path.join(root, "bench/results", `pglite-rss-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      loadAverage: { before: loadBefore, after: loadavg().map((n) => n.toFixed(1)) },
      nodeFlags,
      users: USERS,
      readyMs,
      calls: neighbours.counts.calls,
      failures: neighbours.counts.failures,
      phases,
      budgets,
      samples,
    },
    null,
    1,
  ),
);
out(`\nwritten: ${path.relative(root, file)}`);
if (budgets.some((b) => !b.pass) || neighbours.counts.failures > 0) process.exitCode = 1;
