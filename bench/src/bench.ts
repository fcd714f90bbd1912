/**
 * `pnpm bench [-- --db 10k=postgres://... --db 1m=postgres://...] [--warmup 5] [--duration 10]
 * [--connections 50] [--only dashboard,claim] [--cpu-hog]`: a benchmark, never part of `pnpm test`.
 * --cpu-hog runs a second process spinning on one core beside the server the whole run (overload, ADR 0035).
 * Each --db must be seeded with `pnpm seed:scale`; without --db it uses DATABASE_URL.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import os from "node:os";
import { checkBudgets } from "./budgets";
import { runSuite, type RunSettings, type SuiteResult } from "./suite";
import { productionNodeFlags } from "./server-child";
import { startCpuHog } from "./cpu-hog";

function parseArgs(argv: string[]) {
  const dbs: { label: string; url: string }[] = [];
  const settings: RunSettings = { connections: 50, warmupSeconds: 5, measureSeconds: 10, only: null, cpuHog: false };
  const args = argv.filter((a) => a !== "--");
  const hog = args.indexOf("--cpu-hog");
  if (hog >= 0) {
    settings.cpuHog = true;
    args.splice(hog, 1);
  }
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--db") {
      const at = value.indexOf("=");
      if (at < 1) throw new Error("--db takes label=postgres://...");
      dbs.push({ label: value.slice(0, at), url: value.slice(at + 1) });
    } else if (flag === "--warmup") settings.warmupSeconds = Number(value);
    else if (flag === "--duration") settings.measureSeconds = Number(value);
    else if (flag === "--connections") settings.connections = Number(value);
    else if (flag === "--only") settings.only = new Set(value.split(","));
    else throw new Error(`unknown flag ${flag}`);
  }
  if (dbs.length === 0) {
    if (!process.env.DATABASE_URL)
      throw new Error("set DATABASE_URL or pass --db label=postgres://... (seeded with pnpm seed:scale)");
    dbs.push({ label: "default", url: process.env.DATABASE_URL });
  }
  return { dbs, settings };
}

const out = (line = "") => process.stdout.write(`${line}\n`);

function printTable(suite: SuiteResult) {
  out(
    `\n${suite.label} (${suite.requestCount.toLocaleString("en")} requests; the dashboard shows ${suite.dashboardTrips.trips} trips)`,
  );
  out(
    `${"scenario".padEnd(32)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"RSS MB".padStart(7)} ${"SQL/call".padStart(9)} ${"bytes".padStart(8)} ${"errors".padStart(7)} ${"shed".padStart(6)}`,
  );
  for (const s of suite.scenarios) {
    out(
      `${s.name.padEnd(32)} ${String(s.reqPerSec).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p95).padStart(8)} ${String(s.p99).padStart(8)} ${String(s.rssMb).padStart(7)} ${String(s.statementsPerCall).padStart(9)} ${String(s.bytesPerCall).padStart(8)} ${String(s.errors).padStart(7)} ${String(s.shed).padStart(6)}`,
    );
  }
}

function printSameSql(suite: SuiteResult) {
  if (suite.sameSql.length === 0) return;
  out(`\n${suite.label}: the app's req/s as a share of the same SQL sent by postgres.js on bare Fastify (same run)`);
  out(
    `${"scenario".padEnd(32)} ${"app".padStart(7)} ${"same SQL".padStart(9)} ${"share".padStart(6)} ${"goal".padStart(6)}`,
  );
  for (const s of suite.sameSql)
    out(
      `${s.scenario.padEnd(32)} ${String(s.appReqPerSec).padStart(7)} ${String(s.referenceReqPerSec).padStart(9)} ${`${s.share} %`.padStart(6)} ${`${s.goal} %`.padStart(6)}`,
    );
}

const { dbs, settings } = parseArgs(process.argv.slice(2));
out(
  `Benchmark: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.measureSeconds} s per scenario, ${os.cpus().length} CPU cores, Node ${process.version}, server flags: ${productionNodeFlags().join(" ") || "none"}${settings.cpuHog ? ", a CPU hog spinning on one core beside the server" : ""}, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
const hog = settings.cpuHog ? startCpuHog() : null;
const suites: SuiteResult[] = [];
try {
  for (const db of dbs) suites.push(await runSuite(db.label, db.url, settings, out));
} finally {
  hog?.stop();
}
for (const suite of suites) {
  printTable(suite);
  printSameSql(suite);
}

out(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
const budgets = checkBudgets(suites, settings);
out("\nBudgets");
for (const b of budgets) out(`  ${b.pass ? "PASS" : "FAIL"}  ${b.name}: ${b.measured}`);

const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
const file = `${resultsDir}${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
await writeFile(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, settings: { ...settings, only: settings.only ? [...settings.only] : null }, suites, budgets }, null, 2)}\n`,
);
out(`\nWritten to ${file}`);
process.exit(budgets.every((b) => b.pass) ? 0 : 1);
