import { readFileSync } from "node:fs";

/**
 * The Node flags a package's `start` script runs the server with (the heap ceiling, ADR 0010): the
 * benchmark starts its server with them, and a test keeps the root's and the server's equal.
 */
export function nodeFlagsOfStartScript(packageJson: URL): string[] {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts: { start: string } };
  return manifest.scripts.start.match(/--[\w-]+=\S+/g) ?? [];
}
