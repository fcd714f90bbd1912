import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The Node flags of a package's `start` script. */
function startFlags(manifestUrl: URL): string[] {
  const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as { scripts: { start: string } };
  return manifest.scripts.start.match(/--[\w-]+=\S+/g) ?? [];
}

describe("the server's start command", () => {
  it("gives the server the same bounded heap from the root and from its own package (ADR 0010)", () => {
    const root = startFlags(new URL("../../../package.json", import.meta.url));
    const own = startFlags(new URL("../package.json", import.meta.url));
    expect(root).toEqual(own);
    expect(root.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true);
  });
});
