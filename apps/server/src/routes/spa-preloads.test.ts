import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { preloadLinkHeader, readSpaPreloads } from "./spa-preloads";

describe("SPA preloads", () => {
  it("names modules as modulepreload and styles as preload", () => {
    expect(preloadLinkHeader(["/assets/LoginPage-a1.js", "/assets/LoginPage-b2.css"])).toBe(
      "</assets/LoginPage-a1.js>; rel=modulepreload; crossorigin, </assets/LoginPage-b2.css>; rel=preload; as=style; crossorigin",
    );
  });
  it("finds a page with or without its trailing slash, and nothing for other pages or an older build", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), "hyn-preloads-"));
    expect(readSpaPreloads(dist)("/login")).toBeUndefined();
    writeFileSync(
      path.join(dist, "route-preloads.json"),
      JSON.stringify({ "/": ["/assets/Dashboard.js"], "/login": ["/assets/Login.js"] }),
    );
    const preloadsOf = readSpaPreloads(dist);
    expect(preloadsOf("/")).toBe("</assets/Dashboard.js>; rel=modulepreload; crossorigin");
    expect(preloadsOf("/login/")).toBe("</assets/Login.js>; rel=modulepreload; crossorigin");
    expect(preloadsOf("/about")).toBeUndefined();
  });
});
