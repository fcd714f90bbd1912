import { describe, expect, it } from "vitest";
import { chartTicks } from "./chart-ticks";

describe("the weekly chart's y-axis", () => {
  it("counts in ones while the bars are short", () => {
    expect(chartTicks(0)).toEqual([0, 1]);
    expect(chartTicks(3)).toEqual([0, 1, 2, 3]);
    expect(chartTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("steps by 2, 5 or 10 times a power of ten, evenly, up to the tallest bar or just above it", () => {
    expect(chartTicks(6)).toEqual([0, 2, 4, 6]);
    expect(chartTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(chartTicks(11)).toEqual([0, 5, 10, 15]);
    expect(chartTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(chartTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("is always whole, evenly spaced, starting at 0, with at most 5 steps", () => {
    for (let max = 0; max <= 2000; max += 7) {
      const ticks = chartTicks(max);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks[0]).toBe(0);
      expect(ticks.every((tick, i) => Number.isInteger(tick) && tick === i * step)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(5);
    }
  });
});
