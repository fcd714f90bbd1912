import { readFileSync } from "node:fs";
import { instancePorts, proxyHost } from "./ports";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The shell blocks of the README's "Deploy" section, in order, each as its command lines. */
export const deployBlocks: string[][] = [
  ...readme
    .split("\n## Deploy\n")[1]!
    .split("\n## ")[0]!
    .matchAll(/```sh\n([^`]+?)\n\s*```/g),
].map(([, block]) => block!.split("\n").map((line) => line.trim()));

/** The block that renders the nginx site, with TLS (`--tls-cert`) or without. */
export function nginxBlock({ tls }: { tls: boolean }): string[] {
  const block = deployBlocks.find((lines) =>
    lines.some((line) => line.startsWith("node deploy/render-nginx.mjs") && line.includes("--tls-cert") === tls),
  );
  if (!block) throw new Error(`README, "Deploy": no block renders the nginx site ${tls ? "with" : "without"} TLS`);
  return block;
}

/** The one line of the README's "Deploy" blocks that starts with `start`. */
export function deployLine(start: string): string {
  const lines = deployBlocks.flat().filter((line) => line.startsWith(start));
  if (lines.length !== 1) throw new Error(`README, "Deploy": ${lines.length} lines start with ${start}`);
  return lines[0]!;
}

/**
 * A README nginx line with the operator's values swapped for the test's: the domain, the instances'
 * ports, the certificate's files; and the ports nginx listens on, which a test cannot have at 80/443.
 */
export function testValues(line: string, values: { http: number; https?: number; cert?: string; key?: string }) {
  let result = line
    .replaceAll("your.domain", proxyHost)
    .replaceAll("127.0.0.1:3001", `127.0.0.1:${instancePorts[0]}`)
    .replaceAll("127.0.0.1:3002", `127.0.0.1:${instancePorts[1]}`);
  if (values.cert) result = result.replace(/--tls-cert \S+/, `--tls-cert ${values.cert}`);
  if (values.key) result = result.replace(/--tls-key \S+/, `--tls-key ${values.key}`);
  const listen = [`--listen ${values.http}`, ...(values.https ? [`--listen-tls ${values.https}`] : [])].join(" ");
  return result.replace("node deploy/render-nginx.mjs ", `node deploy/render-nginx.mjs ${listen} `);
}
