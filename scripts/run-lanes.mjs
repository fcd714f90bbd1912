#!/usr/bin/env node
// Runs package scripts in lanes: the lanes side by side, each lane's scripts one after another. The
// end-to-end run keeps a browser and a server waiting more than computing (about 0.7 of CI's two
// cores), so the checks that need no build (type-check, lint, the unit and integration suites) run in
// a lane beside it instead of before it (docs/PERFORMANCE.md, "CI time").
//
//   node scripts/run-lanes.mjs "check:bundle test:e2e" "typecheck lint test:pure test:integration"
//
// The first lane is the longest: its output is shown as it comes (a run is never silent for long), and
// the other lanes run at a lower priority (nice 10), so they take the cores it leaves idle instead of
// slowing it: a browser test waits for timers and timeouts, which take longer when starved. Every
// other script's output is held and printed whole when it ends, so two logs never interleave line by
// line. Every script runs to its end, so one run shows every failure.
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/run-lanes.mjs "<script> [<script> ...]" ["<script> ..." ...]');
  process.exit(2);
}
// pnpm names itself to the scripts it runs (npm_execpath); called otherwise, pnpm comes through npx.
const execPath = process.env.npm_execpath ?? "";
const pnpm = /pnpm/.test(execPath) ? [process.execPath, execPath] : ["npx", "-y", "pnpm@10.34.8"];

/** Runs a script: live and at normal priority in the first lane, held and at nice 10 in the others. */
function run(script, live) {
  const started = Date.now();
  if (live) process.stdout.write(`\n── ${script} ──\n`);
  const command = live ? [...pnpm, "run", script] : ["nice", "-n", "10", ...pnpm, "run", script];
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${script}: ${outcome} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = [];
await Promise.all(
  lanes.map(async (lane, index) => {
    for (const script of lane) results.push([script, await run(script, index === 0)]);
  }),
);
const failed = results.filter(([, ok]) => !ok).map(([script]) => script);
if (failed.length > 0) {
  console.error(`\n${failed.join(", ")} failed`);
  process.exit(1);
}
