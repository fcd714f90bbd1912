import { describe, expect, it } from "vitest";
import { checkConfig } from "./config";

describe('the start-up configuration check (PRODUCT "Screens")', () => {
  it("accepts true and false, and defaults to false", () => {
    expect(checkConfig("true")).toEqual({ ok: true, useMockApi: true });
    expect(checkConfig("false")).toEqual({ ok: true, useMockApi: false });
    expect(checkConfig(undefined)).toEqual({ ok: true, useMockApi: false });
  });

  it("reports any other value as a configuration error", () => {
    for (const bad of ["yes", "TRUE", "", "1"]) {
      const result = checkConfig(bad);
      expect(result.ok).toBe(false);
      expect(result.ok ? "" : result.problem).toContain("VITE_USE_MOCK_API");
    }
  });
});
