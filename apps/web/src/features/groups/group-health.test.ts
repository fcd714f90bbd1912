import { describe, expect, it } from "vitest";
import { sparklinePoints, waitInOneUnit } from "./group-health";

describe("the health card (issue 41 §4)", () => {
  it("says a wait in minutes, hours or days", () => {
    expect(waitInOneUnit(0)).toEqual({ unit: "minutes", count: 0 });
    expect(waitInOneUnit(45)).toEqual({ unit: "minutes", count: 45 });
    expect(waitInOneUnit(150)).toEqual({ unit: "hours", count: 3 });
    expect(waitInOneUnit(3 * 24 * 60)).toEqual({ unit: "days", count: 3 });
  });

  it("draws the weeks from left to right with the busiest at the top, and no requests along the bottom", () => {
    expect(sparklinePoints([0, 2, 1], 106, 26)).toEqual([
      { x: 3, y: 23 },
      { x: 53, y: 3 },
      { x: 103, y: 13 },
    ]);
    expect(sparklinePoints([0, 0], 106, 26).map((p) => p.y)).toEqual([23, 23]);
  });
});
