import { describe, expect, it } from "vitest";
import { usageLevel, usagePercent } from "./usage-level";

describe("usageLevel", () => {
  it.each([
    [0, 5, "normal"],
    [3, 5, "normal"],
    [4, 5, "near"],
    [5, 5, "at"],
    [6, 5, "at"],
    [1, 3, "normal"],
    [2, 3, "normal"],
    [3, 3, "at"],
    [7, 10, "normal"],
    [8, 10, "near"],
    [9, 10, "near"],
    [0, 0, "at"],
    [0, 1, "normal"],
  ] as const)("%i of %i is %s", (count, max, level) => {
    expect(usageLevel(count, max)).toBe(level);
  });
});

describe("usagePercent", () => {
  it("fills in proportion, never beyond full, and full for a limit of 0", () => {
    expect(usagePercent(0, 5)).toBe(0);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(5, 5)).toBe(100);
    expect(usagePercent(7, 5)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
  });
});
