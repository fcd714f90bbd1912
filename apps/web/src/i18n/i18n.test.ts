import { readFileSync } from "node:fs";
import { SERVER_NAMESPACES } from "@hyn/i18n/catalogs";
import { describe, expect, it } from "vitest";

describe("the catalogs the web build lists", () => {
  it("leaves out exactly the server's namespaces (each one listed costs the entry a loader)", () => {
    const source = readFileSync(new URL("./i18n.ts", import.meta.url), "utf8");
    const excluded = /"!\.\/\{([\w,]+)\}\/\*\.json"/.exec(source)?.[1]?.split(",");
    expect(excluded?.sort()).toEqual([...SERVER_NAMESPACES].sort());
  });
});
