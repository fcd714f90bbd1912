import { describe, expect, it } from "vitest";
import { limitMessage, messages } from "./messages";
import { groupCreationRefusal, groupJoinRefusal, openRequestLimitRefusal, requestCreationRefusal } from "./rules";

const limits = { maxOpenRequests: 5, maxGroupsCreated: 3, maxGroupsJoined: 5 };

describe("the limit rules (the server's refusals, its can-create answers and the web's disabled buttons)", () => {
  it("refuse a new request at the open-request limit with the spec's text, and below it allow one", () => {
    expect(openRequestLimitRefusal(limits, { openRequestsCount: 5 })).toBe("You have reached your limit of 5 open requests. You currently have 5 open requests.");
    expect(openRequestLimitRefusal(limits, { openRequestsCount: 7 })).toBe(limitMessage("open requests", 5, 7));
    expect(openRequestLimitRefusal(limits, { openRequestsCount: 4 })).toBeNull();
  });

  it("refuse posting without a group, and name the limit first when both hold", () => {
    expect(requestCreationRefusal(limits, { openRequestsCount: 0 }, 0)).toBe(messages.requestNeedsGroup);
    expect(requestCreationRefusal(limits, { openRequestsCount: 5 }, 0)).toBe(limitMessage("open requests", 5, 5));
    expect(requestCreationRefusal(limits, { openRequestsCount: 5 }, 2)).toBe(limitMessage("open requests", 5, 5));
    expect(requestCreationRefusal(limits, { openRequestsCount: 4 }, 1)).toBeNull();
  });

  it("refuse creating and joining groups at their own limits", () => {
    expect(groupCreationRefusal(limits, { groupsCreatedCount: 3 })).toBe(limitMessage("groups", 3, 3));
    expect(groupCreationRefusal(limits, { groupsCreatedCount: 2 })).toBeNull();
    expect(groupJoinRefusal(limits, { groupsJoinedCount: 5 })).toBe(limitMessage("groups joined", 5, 5));
    expect(groupJoinRefusal(limits, { groupsJoinedCount: 4 })).toBeNull();
  });
});
