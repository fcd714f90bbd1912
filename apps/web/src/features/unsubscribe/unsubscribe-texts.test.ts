import { describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TEXTS, unsubscribeTopic } from "./unsubscribe-texts";

describe("what an unsubscribe link says it stops", () => {
  it("names the group of a new-request notice", () => {
    expect(UNSUBSCRIBE_TEXTS.willStop(unsubscribeTopic({ type: "group", groupId: "g", groupName: "Elm Street" }))).toBe(
      "You will stop receiving e-mails about new requests in Elm Street.",
    );
  });

  it("names a kind in words, never its code", () => {
    expect(unsubscribeTopic({ type: "kind", kind: "new_requests" })).toBe("new requests in your groups, including the daily summary");
    expect(unsubscribeTopic({ type: "kind", kind: "request_updates" })).not.toContain("_");
  });
});
