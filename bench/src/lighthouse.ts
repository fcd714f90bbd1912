/**
 * `pnpm lighthouse [-- --runs 3] [--preset mobile|desktop|both]`: Lighthouse (performance and
 * accessibility) on the BUILT web app served by the real server in production mode, for /login
 * (logged out), / (the dashboard) and /groups (logged in). A benchmark, never part of `pnpm test`.
 *
 * Scores are the median of --runs runs per page and preset (performance varies from run to run on a
 * shared machine; Lighthouse's own advice is the median of several). Every score must be >= 95.
 * Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium): nothing is ever downloaded.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, runMigrations } from "@hyn/db";
import { buildApp } from "@hyn/server";
import { parseEnv } from "@hyn/server/env";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Config, type Result } from "lighthouse";
import { api } from "../../e2e/support/api";

const BUDGET = 95;
const CATEGORIES = ["performance", "accessibility"] as const;
type Category = (typeof CATEGORIES)[number];
type Preset = "mobile" | "desktop";

const webDist = fileURLToPath(new URL("../../apps/web/dist", import.meta.url));
const resultsDir = fileURLToPath(new URL("../results/", import.meta.url));
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
// No sandbox (containers), no GPU, and no background traffic: the only reachable network is ours.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const out = (line = "") => process.stdout.write(`${line}\n`);

function parseArgs(argv: string[]) {
  let runs = 3;
  let presets: Preset[] = ["mobile", "desktop"];
  const args = argv.filter((a) => a !== "--");
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i]!, args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--runs") runs = Number(value);
    else if (flag === "--preset") presets = value === "both" ? ["mobile", "desktop"] : [value as Preset];
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive whole number");
  if (presets.some((p) => p !== "mobile" && p !== "desktop"))
    throw new Error("--preset must be mobile, desktop or both");
  return { runs, presets };
}

/** A free port, known before the app is built: APP_URL (the CSRF check's own origin) must name it. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Two neighbours through the REST API, as people would make them: Olive (measured) owns two groups,
 * Nico joins one by invitation; both post requests and Olive claims one of Nico's, so the dashboard
 * and the groups page show every kind of card they normally do.
 */
async function createNeighbours(baseUrl: string): Promise<string> {
  const password = "lighthouse-neighbour-42";
  const signUp = async (name: string, email: string) =>
    (await api<{ session: { token: string } | null }>(baseUrl, null, "POST", "/auth/signup", { email, password, name }))
      .session!.token;
  // Unique addresses: with DATABASE_URL the same database may serve several runs.
  const suffix = Date.now().toString(36);
  const nicoEmail = `nico-${suffix}@lighthouse.test`;
  const olive = await signUp("Olive Owner", `olive-${suffix}@lighthouse.test`);
  const nico = await signUp("Nico Neighbour", nicoEmail);
  const elm = await api<{ id: string }>(baseUrl, olive, "POST", "/groups", { name: "Elm Street" });
  const allotment = await api<{ id: string }>(baseUrl, olive, "POST", "/groups", { name: "Allotment friends" });
  const invite = await api<{ token: string }>(baseUrl, olive, "POST", "/invites", {
    groupId: elm.id,
    email: nicoEmail,
  });
  await api(baseUrl, nico, "POST", `/invites/${encodeURIComponent(invite.token)}/join`);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const post = (token: string, groupId: string, itemDescription: string, days: number) =>
    api<{ id: string }>(baseUrl, token, "POST", "/requests", { groupId, itemDescription, neededBy: inDays(days) });
  await post(olive, elm.id, "A pint of milk and a loaf of bread", 2);
  await post(olive, allotment.id, "Tomato seedlings from the garden centre", 5);
  const parcel = await post(nico, elm.id, "A parcel from the post office on Market Street", 1);
  await post(nico, elm.id, "Batteries (AA, a pack of four)", 3);
  await api(baseUrl, olive, "POST", `/requests/${parcel.id}/claim`);
  return olive;
}

/**
 * One Lighthouse run. Headless Chromium now and then loses the trace of a load (NO_NAVSTART,
 * NO_FCP under load): such a run measures nothing, so it is run again, twice at most.
 */
async function audit(url: string, flags: Flags, config: Config | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    out(`  (${error.code} on ${url}: running it again)`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * The audits of a category that lost points: the weighted ones (for performance, the five metrics),
 * then the diagnostics that say why. Lighthouse's hidden audits repeat the diagnostics.
 */
function failingAudits(lhr: Result, category: Category) {
  return lhr.categories[category]!.auditRefs.filter((ref) => ref.weight > 0 || ref.group === "diagnostics")
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable",
    )
    .map(
      (audit) =>
        `${audit.id} (${Math.round(audit.score! * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ""})`,
    );
}

if (!existsSync(path.join(webDist, "index.html"))) {
  process.stderr.write(
    `No built web app in ${webDist}: run \`pnpm build\` first (Lighthouse measures the built app, not the dev server).\n`,
  );
  process.exit(1);
}
if (!existsSync(chromePath)) {
  process.stderr.write(
    `No Chromium at ${chromePath}: install Debian's chromium or set CHROME_PATH (this script never downloads a browser).\n`,
  );
  process.exit(1);
}

const { runs, presets } = parseArgs(process.argv.slice(2));
const databaseUrl = process.env.DATABASE_URL || undefined;
const tempDir = await mkdtemp(path.join(os.tmpdir(), "hyn-lighthouse-"));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Production settings and the built SPA; sign-up signs in at once, and rate limits stay out of the way.
// Everything else is the server's own default, read through its own schema.
const env = parseEnv({
  NODE_ENV: "production",
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(tempDir, "data"),
  APP_URL: baseUrl,
  MAIL_FROM: "Lighthouse <lighthouse@hyn.local>",
  REQUIRE_EMAIL_CONFIRMATION: "false",
  LOG_LEVEL: "warn",
  RATE_LIMIT_MULTIPLIER: "1000",
  WEB_DIST: webDist,
});

const db = await createDb({ url: databaseUrl, dataDir: env.DATA_DIR });
await runMigrations(db, databaseUrl);
const app = await buildApp({ env, db, startWorkers: false });
await app.server.listen({ port, host: "127.0.0.1" });
let chrome: chromeLauncher.LaunchedChrome | null = null;

/** The five metrics the performance score is made of. */
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;
type Metric = keyof typeof METRICS;

interface PageScore {
  page: string;
  preset: Preset;
  /** Medians over the runs. */
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  runs: Record<Category, number[]>;
  /** From the last run. */
  failingAudits: Record<Category, string[]>;
  pass: boolean;
}
const results: PageScore[] = [];

try {
  const token = await createNeighbours(baseUrl);
  const pages = [
    { page: "/login", cookie: null },
    { page: "/", cookie: token },
    { page: "/groups", cookie: token },
  ];
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const reportsDir = path.join(tempDir, "reports");
  await mkdir(reportsDir, { recursive: true });
  out(
    `Lighthouse 12 on ${baseUrl} (built app, NODE_ENV=production, ${databaseUrl ? "DATABASE_URL" : "PGlite in a temporary directory"}); ${runs} run(s) per page and preset, median reported`,
  );
  out(
    `${os.cpus().length} CPU cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, Node ${process.version}; full reports in ${reportsDir}`,
  );

  for (const preset of presets) {
    // Mobile is Lighthouse's default (simulated slow 4G and a 4x slower CPU); desktop is its own preset.
    const config: Config | undefined = preset === "desktop" ? desktopConfig : undefined;
    for (const { page, cookie } of pages) {
      const perRun: Record<Category, number[]> = { performance: [], accessibility: [] };
      const metricRuns = Object.fromEntries(Object.keys(METRICS).map((m) => [m, [] as number[]])) as Record<
        Metric,
        number[]
      >;
      let last: Result | null = null;
      for (let run = 1; run <= runs; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          // The session cookie on every request of the page, as the browser would send it.
          ...(cookie ? { extraHeaders: { Cookie: `hyn_session=${cookie}` } } : {}),
        };
        const result = await audit(`${baseUrl}${page}`, flags, config);
        const lhr = result.lhr;
        if (cookie === null && new URL(lhr.finalDisplayedUrl).pathname !== page)
          throw new Error(`${page} redirected to ${lhr.finalDisplayedUrl}`);
        if (cookie !== null && new URL(lhr.finalDisplayedUrl).pathname === "/login")
          throw new Error(`${page} was not signed in: it landed on /login`);
        for (const category of CATEGORIES)
          perRun[category].push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
        for (const [metric, id] of Object.entries(METRICS) as [Metric, string][])
          metricRuns[metric].push(lhr.audits[id]?.numericValue ?? Number.NaN);
        const name = `${preset}${page === "/" ? "-dashboard" : page.replace(/\//g, "-")}-${run}.json`;
        await writeFile(
          path.join(reportsDir, name),
          typeof result.report === "string" ? result.report : JSON.stringify(lhr),
        );
        last = lhr;
      }
      const scores = { performance: median(perRun.performance), accessibility: median(perRun.accessibility) };
      results.push({
        page,
        preset,
        scores,
        metrics: Object.fromEntries(
          Object.entries(metricRuns).map(([metric, values]) => [
            metric,
            metric === "cls" ? Math.round(median(values.map((v) => v * 1000))) / 1000 : Math.round(median(values)),
          ]),
        ) as Record<Metric, number>,
        runs: perRun,
        failingAudits: {
          performance: failingAudits(last!, "performance"),
          accessibility: failingAudits(last!, "accessibility"),
        },
        pass: CATEGORIES.every((c) => scores[c] >= BUDGET),
      });
      out(
        `  ${preset.padEnd(8)} ${page.padEnd(8)} performance ${perRun.performance.join(", ")}; accessibility ${perRun.accessibility.join(", ")}`,
      );
    }
  }
} finally {
  chrome?.kill();
  await app.server.close();
  await db.close();
  await rm(path.join(tempDir, "data"), { recursive: true, force: true });
}

out(
  `\n${"preset".padEnd(8)} ${"page".padEnd(8)} ${"performance".padStart(11)} ${"accessibility".padStart(13)}  ${"FCP ms".padStart(7)} ${"LCP ms".padStart(7)} ${"TBT ms".padStart(7)} ${"CLS".padStart(6)} ${"SI ms".padStart(7)}  result (budget ${BUDGET})`,
);
for (const r of results) {
  const m = r.metrics;
  out(
    `${r.preset.padEnd(8)} ${r.page.padEnd(8)} ${String(r.scores.performance).padStart(11)} ${String(r.scores.accessibility).padStart(13)}  ${String(m.fcpMs).padStart(7)} ${String(m.lcpMs).padStart(7)} ${String(m.tbtMs).padStart(7)} ${String(m.cls).padStart(6)} ${String(m.speedIndexMs).padStart(7)}  ${r.pass ? "PASS" : "FAIL"}`,
  );
  for (const category of CATEGORIES) {
    if (r.scores[category] < BUDGET && r.failingAudits[category].length)
      out(`         ${category} loses points on: ${r.failingAudits[category].join("; ")}`);
  }
}

await mkdir(resultsDir, { recursive: true });
const file = `${resultsDir}lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
const summary = {
  date: new Date().toISOString(),
  lighthouse: "12.8.2",
  chromium: chromePath,
  runsPerPage: runs,
  budget: BUDGET,
  cpuCores: os.cpus().length,
  node: process.version,
  database: databaseUrl ? "postgres" : "pglite",
  results,
};
await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
out(`\nSummary written to ${path.relative(process.cwd(), file)}`);
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
