#!/usr/bin/env node
// Runs package scripts side by side, as many at once as the machine has cores: the type-check, lint and
// build are each one single-threaded process, so on CI's two cores running them in pairs saves their
// sum's third (docs/PERFORMANCE.md, "CI time"). Each script's output is held and printed whole when it
// ends, so two logs never interleave. Every script runs to its end, so one run shows every failure.
//
//   node scripts/run-parallel.mjs typecheck lint build
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-parallel.mjs <script> [<script> ...]");
  process.exit(2);
}
// pnpm names itself to the scripts it runs (npm_execpath); called otherwise, pnpm comes through npx.
const execPath = process.env.npm_execpath ?? "";
const pnpm = /pnpm/.test(execPath) ? [process.execPath, execPath] : ["npx", "-y", "pnpm@10.34.8"];
const slots = Math.max(1, Math.min(availableParallelism(), scripts.length));

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(pnpm[0], [...pnpm.slice(1), "run", script], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${script}: ${outcome} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const queue = [...scripts];
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let script = queue.shift(); script; script = queue.shift()) results.push([script, await run(script)]);
  }),
);
const failed = results.filter(([, ok]) => !ok).map(([script]) => script);
if (failed.length > 0) {
  console.error(`\n${failed.join(", ")} failed`);
  process.exit(1);
}
