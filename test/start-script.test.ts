import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Every process below `pid`, read from ps. */
function descendantsOf(pid: number): { pid: number; args: string }[] {
  const processes = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map(([, child, parent, args]) => ({ pid: Number(child), ppid: Number(parent), args: args! }));
  const found: { pid: number; args: string }[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const child of processes.filter((p) => p.ppid === parent)) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/**
 * The README's start command (`scripts/pnpm start`) stopped with SIGTERM, as `kill`, systemd or a
 * container's stop sends it to the process they started: scripts/pnpm and the start script's shell
 * each exec, so that process is the server itself (no pnpm resident beside it, issue 44), which drains
 * and exits, its port closes, no process of it is left behind re-parented to PID 1 (the next start
 * would find the data directory held), and the status is the server's clean stop (0, not 143).
 * The root's start script runs with its server swapped for a stand-in that listens on PORT.
 */
it("SIGTERM to `scripts/pnpm start` stops the server: the port closes, no process of it remains, status 0", async () => {
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
  const port = 3900 + (process.pid % 90);
  // An operator's shell: none of the npm_* settings a surrounding `pnpm test` passes down (npm warns of them).
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name))),
    PORT: String(port),
  };
  const wrapper = spawn(path.join(root, "scripts/pnpm"), ["start"], { cwd: dir, env });
  let output = "";
  wrapper.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  wrapper.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // "exit", not "close": a process left behind would keep the pipes open.
  const exited = new Promise<number | null>((resolve) => wrapper.on("exit", resolve));
  let tree: { pid: number; args: string }[] = [];
  try {
    // The stand-in's own line ("up" alone), not a word of npm's that contains it.
    await expect.poll(() => /^up$/m.test(output), { timeout: 60_000 }).toBe(true);
    expect(await listening(port)).toBe(true);
    // One process (issue 44): the pid `scripts/pnpm start` started is the server's own, with no pnpm,
    // npx or shell kept resident beside it.
    expect(readFileSync(`/proc/${wrapper.pid}/cmdline`, "utf8").split("\0")).toContain(
      path.join(root, "test/fixtures/stops-on-sigterm.mjs"),
    );
    tree = descendantsOf(wrapper.pid!);
    expect(tree.map((p) => p.args)).toEqual([]);

    process.kill(wrapper.pid!, "SIGTERM");
    const status = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000, "still running"))]);
    // Output may still be arriving through the pipes after the wrapper's exit.
    await expect.poll(() => /^stopped$/m.test(output), { timeout: 5_000 }).toBe(true);
    expect(output).not.toContain("ELIFECYCLE");
    expect(status).toBe(0);
    expect(await listening(port)).toBe(false);
    expect(tree.filter((p) => alive(p.pid)).map((p) => p.args)).toEqual([]);
  } finally {
    // A failed run must not leave its processes serving.
    for (const p of tree) if (alive(p.pid)) process.kill(p.pid, "SIGKILL");
  }
}, 90_000);
