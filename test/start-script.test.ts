import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  packageManager: string;
  scripts: Record<string, string>;
};

/**
 * `pnpm start` run by an operator and stopped with SIGTERM (systemctl stop, kill, a container's stop):
 * pnpm passes the signal to its script's process. A shell between them dies of the signal and pnpm
 * reports "ELIFECYCLE Command failed" with status 143; the script execs node, so the server's own clean
 * stop is what pnpm sees. The root's start script, with its server swapped for a stand-in, is run by
 * the project's pnpm.
 */
it("pnpm start ends with status 0 and no ELIFECYCLE when it gets SIGTERM", async () => {
  const start = rootPackage.scripts.start!;
  expect(start).toContain("apps/server/dist/server.mjs");
  const dir = mkdtempSync(path.join(tmpdir(), "hyn-start-"));
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "start-script",
      private: true,
      scripts: {
        start: start.replace("apps/server/dist/server.mjs", path.join(root, "test/fixtures/stops-on-sigterm.mjs")),
      },
    }),
  );
  // An operator's shell: none of the npm_* settings a surrounding `pnpm test` passes down (npm warns of them).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name)));
  const pnpm = spawn("npx", ["-y", rootPackage.packageManager, "start"], { cwd: dir, env });
  let output = "";
  pnpm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  pnpm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // The stand-in's own line ("up" alone), not a word of npm's that contains it.
  await expect.poll(() => /^up$/m.test(output), { timeout: 60_000 }).toBe(true);
  // The pnpm process itself (npx runs it as its child), as an operator's kill would reach it.
  const pnpmPid = await pnpmProcessId(pnpm.pid!);
  process.kill(pnpmPid, "SIGTERM");
  const status = await new Promise<number | null>((resolve) => pnpm.on("close", resolve));
  expect(output).toMatch(/^stopped$/m);
  expect(output).not.toContain("ELIFECYCLE");
  expect(status).toBe(0);
}, 90_000);

/** Among npx's descendants, the node process running pnpm's `start`: the process `pnpm start` is. */
async function pnpmProcessId(npxPid: number): Promise<number> {
  for (;;) {
    const processes = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .map(([pid, ppid, command, ...args]) => ({
        pid: Number(pid),
        ppid: Number(ppid),
        command,
        args: args.join(" "),
      }));
    const queue = [npxPid];
    while (queue.length) {
      const parent = queue.shift()!;
      for (const child of processes.filter((p) => p.ppid === parent)) {
        const isNode = child.command === "node" || child.command?.endsWith("/node");
        if (isNode && /pnpm/.test(child.args) && / start$/.test(child.args)) return child.pid;
        queue.push(child.pid);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
