import { readFileSync } from "node:fs";

/** A Node or V8 flag on a command line: `--name` or `--name=value`. */
export const NODE_FLAG = /(?<=\s)--[\w-]+(?:=\S+)?/g;

/**
 * The Node flags a package's `start` script runs the server with (the heap ceiling, ADR 0010; no
 * optimizing compiler for the embedded database's WebAssembly, ADR 0036): the benchmark starts its
 * server with them, and a test keeps the root's, the server's and the systemd unit's equal.
 */
export function nodeFlagsOfStartScript(packageJson: URL): string[] {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts: { start: string } };
  return manifest.scripts.start.match(NODE_FLAG) ?? [];
}
