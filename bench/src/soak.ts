/**
 * A memory soak of the built server (issue 24): `node <the start script's flags> apps/server/dist/server.mjs`
 * as `pnpm start` runs it, on the PostgreSQL database in DATABASE_URL (use a fresh one: the soak signs up
 * its own neighbours), driven on loopback by `--clients` signed-in neighbours for `--seconds`. Each one
 * keeps a live-updates stream open, as a dashboard does, and loops: the dashboard and the groups page
 * (tRPC GET batches, as the web app sends them), posts a request, which the next neighbour claims and
 * fulfils. The server's RSS and heap are sampled every 5 s, and with `--snapshots` it writes a heap
 * snapshot (`--heapsnapshot-signal`) after the warm-up and at the end, for `soak-heap-diff.ts`.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/src/soak.ts --seconds 180 --clients 10 --port 4190 [--snapshots] [--server-flags --trace-gc]
 *
 * A snapshot costs the server memory of its own while it is written: take the RSS figures from a run without.
 *
 * Not part of `test`. Prints one line per sample and a summary (JSON on the last line).
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { neighbourhood } from "./neighbours";
import { productionNodeFlags } from "./server-child";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1]!;
};
const SECONDS = Number(arg("seconds", "180"));
const CLIENTS = Number(arg("clients", "10"));
const PORT = Number(arg("port", "4190"));
const WARM_UP_SECONDS = Number(arg("warm-up", "20"));
const SNAPSHOTS = process.argv.includes("--snapshots");
const SNAPSHOT_DIR = arg("snapshot-dir", path.join(root, "bench/results"));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL: a fresh PostgreSQL database for the soak");
const base = `http://127.0.0.1:${PORT}`;
const out = (line: string) => process.stdout.write(`${line}\n`);

const nodeFlags = productionNodeFlags();
// e.g. --server-flags=--trace-gc: each collection's heap before and after, on the server's stdout.
const serverFlags = arg("server-flags", "").split(" ").filter(Boolean);
const server = spawn(
  process.execPath,
  [...nodeFlags, ...serverFlags, "--heapsnapshot-signal=SIGUSR2", path.join(root, "apps/server/dist/server.mjs")],
  {
    cwd: SNAPSHOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      REQUIRE_EMAIL_CONFIRMATION: "false",
      RATE_LIMIT_MULTIPLIER: "1000000",
      APP_URL: base,
    },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
const pid = server.pid!;
server.on("exit", (code, signal) => {
  if (code !== null && code !== 0) console.error(`the server exited with ${code}`);
  else if (signal && signal !== "SIGTERM") console.error(`the server was stopped by ${signal}`);
});

const statusMb = (field: string) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};
const neighbours = neighbourhood(base);

function snapshot(label: string): Promise<string> {
  const before = new Set(readdirSync(SNAPSHOT_DIR));
  process.kill(pid, "SIGUSR2");
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      const written = readdirSync(SNAPSHOT_DIR).find((name) => name.endsWith(".heapsnapshot") && !before.has(name));
      // Written in one go while the process stands still; the next sample waits for it.
      if (written) {
        clearInterval(poll);
        out(`heap snapshot (${label}): ${path.join(SNAPSHOT_DIR, written)}`);
        resolve(path.join(SNAPSHOT_DIR, written));
      }
    }, 500);
  });
}

try {
  await neighbours.waitUntilReady();
  const idleRss = statusMb("VmRSS");
  const { people, groupId } = await neighbours.street(CLIENTS, "soak");
  const stop = new AbortController();
  for (const person of people) neighbours.liveStream(person.token, stop.signal);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const samples: { s: number; rssMb: number; calls: number }[] = [];
  const sampler = setInterval(() => {
    const sample = {
      s: Math.round((Date.now() - started) / 1000),
      rssMb: statusMb("VmRSS"),
      calls: neighbours.counts.calls,
    };
    samples.push(sample);
    out(`${sample.s}s rss ${sample.rssMb} MB, ${sample.calls} calls, ${neighbours.counts.failures} failed`);
  }, 5000);
  const loops = people.map((me, i) => neighbours.loop(me, people[(i + 1) % people.length]!, groupId, until));
  const snapshots: string[] = [];
  if (SNAPSHOTS) {
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
    snapshots.push(await snapshot("after warm-up"));
  }
  await Promise.all(loops);
  clearInterval(sampler);
  stop.abort();
  const endRss = statusMb("VmRSS");
  if (SNAPSHOTS) snapshots.push(await snapshot("end"));
  const rss = samples.map((s) => s.rssMb);
  const summary = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    clients: CLIENTS,
    calls: neighbours.counts.calls,
    failures: neighbours.counts.failures,
    idleRssMb: idleRss,
    endRssMb: endRss,
    peakRssMb: Math.max(...rss),
    hwmMb: statusMb("VmHWM"),
    nodeFlags,
    snapshots,
  };
  out(JSON.stringify(summary));
} finally {
  server.kill("SIGTERM");
}
