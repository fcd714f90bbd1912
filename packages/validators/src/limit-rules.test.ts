import { describe, expect, it } from "vitest";
import { englishText, limitMessage, type KeyedMessage } from "./messages";
import {
  groupCreationRefusal,
  groupJoinRefusal,
  openRequestLimitRefusal,
  overLimitNote,
  requestCreationRefusal,
} from "./rules";

const limits = { maxOpenRequests: 5, maxGroupsCreated: 3, maxGroupsJoined: 5 };
const english = (refusal: KeyedMessage | null) => (refusal === null ? null : englishText(refusal));

describe("the limit rules (the server's refusals, its can-create answers and the web's disabled buttons)", () => {
  it("refuse a new request at the open-request limit with the spec's text, and below it allow one", () => {
    expect(openRequestLimitRefusal(limits, { openRequestsCount: 5 })).toEqual({
      key: "limitReached",
      values: { kind: "open requests", max: 5, current: 5 },
    });
    expect(english(openRequestLimitRefusal(limits, { openRequestsCount: 5 }))).toBe(
      "You have reached your limit of 5 open requests. You currently have 5 open requests.",
    );
    expect(english(openRequestLimitRefusal(limits, { openRequestsCount: 7 }))).toBe(
      limitMessage("open requests", 5, 7),
    );
    expect(openRequestLimitRefusal(limits, { openRequestsCount: 4 })).toBeNull();
  });

  it("refuse posting without a group, and name the limit first when both hold", () => {
    expect(requestCreationRefusal(limits, { openRequestsCount: 0 }, 0)).toEqual({ key: "requestNeedsGroup" });
    expect(english(requestCreationRefusal(limits, { openRequestsCount: 5 }, 0))).toBe(
      limitMessage("open requests", 5, 5),
    );
    expect(english(requestCreationRefusal(limits, { openRequestsCount: 5 }, 2))).toBe(
      limitMessage("open requests", 5, 5),
    );
    expect(requestCreationRefusal(limits, { openRequestsCount: 4 }, 1)).toBeNull();
  });

  it("refuse creating and joining groups at their own limits", () => {
    expect(english(groupCreationRefusal(limits, { groupsCreatedCount: 3 }))).toBe(limitMessage("groups", 3, 3));
    expect(groupCreationRefusal(limits, { groupsCreatedCount: 2 })).toBeNull();
    expect(english(groupJoinRefusal(limits, { groupsJoinedCount: 5 }))).toBe(limitMessage("groups joined", 5, 5));
    expect(groupJoinRefusal(limits, { groupsJoinedCount: 4 })).toBeNull();
  });

  it("say a count above its limit plainly, and nothing at or below it", () => {
    expect(english(overLimitNote("open requests", 5, 6))).toBe(
      "6 of 5 open requests: over your limit, which happens when a request someone claimed is released and opens again. You can post a new request when fewer than 5 are open.",
    );
    expect(english(overLimitNote("groups", 3, 4))).toBe(
      "You own 4 groups, over your limit of 3. You can create a new group when you own fewer than 3.",
    );
    expect(english(overLimitNote("groups joined", 0, 1))).toBe(
      "You are in 1 group, over your limit of 0. Your limit is 0, so you cannot join groups.",
    );
    expect(overLimitNote("open requests", 5, 5)).toBeNull();
    expect(overLimitNote("groups joined", 5, 0)).toBeNull();
  });
});
