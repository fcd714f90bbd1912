import { describe, expect, it } from "vitest";
import { requestCreationRefusal as refusalOfTheRules } from "@hyn/validators/rules";
import { overLimitNote, requestCreationRefusal } from "./refusal-texts";
import { requestCreationBlocked, usageLevel, usagePercent } from "./usage-level";

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

describe("overLimitNote", () => {
  it("explains a count above its limit, and says nothing at or below it", () => {
    expect(overLimitNote("open requests", 6, 5)).toBe(
      "6 of 5 open requests: over your limit, which happens when a request someone claimed is released and opens again. You can post a new request when fewer than 5 are open.",
    );
    expect(overLimitNote("groups", 4, 3)).toBe("You own 4 groups, over your limit of 3. You can create a new group when you own fewer than 3.");
    expect(overLimitNote("groups joined", 1, 0)).toBe("You are in 1 group, over your limit of 0. Your limit is 0, so you cannot join groups.");
    expect(overLimitNote("open requests", 5, 5)).toBeNull();
    expect(overLimitNote("groups joined", 0, 5)).toBeNull();
  });
});

describe("New Request's refusal", () => {
  it.each([
    [5, 5, 2],
    [6, 5, 1],
    [4, 5, 1],
    [0, 5, 0],
    [5, 5, 0],
    [0, 0, 3],
  ])("with %i of %i open requests and %i groups: blocked exactly when the rules give a reason, and the same reason", (open, max, groups) => {
    const limits = { maxOpenRequests: max };
    const counts = { openRequestsCount: open };
    const reason = refusalOfTheRules(limits, counts, groups);
    expect(requestCreationBlocked(limits, counts, groups)).toBe(reason !== null);
    expect(requestCreationRefusal(limits, counts, groups)).toBe(reason);
  });
});
