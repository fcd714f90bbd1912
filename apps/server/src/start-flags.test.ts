import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_FLAG, nodeFlagsOfStartScript } from "./start-flags";

describe("the server's start command", () => {
  it("gives the server the same bounded heap from the root and from its own package (ADR 0010)", () => {
    const root = nodeFlagsOfStartScript(new URL("../../../package.json", import.meta.url));
    const own = nodeFlagsOfStartScript(new URL("../package.json", import.meta.url));
    expect(root).toEqual(own);
    expect(root.some((flag) => /^--max-old-space-size=\d+$/.test(flag))).toBe(true);
  });

  it("caps the young generation, which Node 24's V8 would let grow to 128 MB (ADR 0029)", () => {
    const root = nodeFlagsOfStartScript(new URL("../../../package.json", import.meta.url));
    expect(root.some((flag) => /^--max-semi-space-size=\d+$/.test(flag))).toBe(true);
  });

  it("keeps V8 from compiling the embedded database's WebAssembly with TurboFan (ADR 0036: 600 MB for one function)", () => {
    const root = nodeFlagsOfStartScript(new URL("../../../package.json", import.meta.url));
    expect(root).toContain("--liftoff-only");
  });

  it("reads flags with and without a value, and nothing of the path", () => {
    expect("exec node --a=1 --b-c --d=x/y.mjs dist/--not-a-flag.mjs".match(NODE_FLAG)).toEqual([
      "--a=1",
      "--b-c",
      "--d=x/y.mjs",
    ]);
  });

  it("gives the systemd unit of deploy/ the same flags", () => {
    const unit = readFileSync(new URL("../../../deploy/systemd/help-your-neighbor@.service", import.meta.url), "utf8");
    const execStart = unit.match(/^ExecStart=.*$/m)?.[0] ?? "";
    expect(execStart.match(NODE_FLAG)).toEqual(nodeFlagsOfStartScript(new URL("../package.json", import.meta.url)));
  });
});
