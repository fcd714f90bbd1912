// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { translate as t } from "../../i18n/useT";
import { unsubscribeTopic } from "./unsubscribe-texts";

await activateLocale("en");
await loadNamespaces(["unsubscribe"]);

describe("what an unsubscribe link says it stops", () => {
  it("names the group of a new-request notice", () => {
    expect(
      t("unsubscribe.willStop", {
        topic: unsubscribeTopic({ type: "group", groupId: "g", groupName: "Elm Street" }, t),
      }),
    ).toBe("You will stop receiving e-mails about new requests in Elm Street.");
  });

  it("names a kind in words, never its code", () => {
    expect(unsubscribeTopic({ type: "kind", kind: "new_requests" }, t)).toBe(
      "new requests in your groups, including the daily summary",
    );
    expect(unsubscribeTopic({ type: "kind", kind: "request_updates" }, t)).not.toContain("_");
    expect(unsubscribeTopic({ type: "kind", kind: "still_needed" }, t)).toBe(
      "requests in your groups that are still needed soon",
    );
    expect(unsubscribeTopic({ type: "kind", kind: "given_back" }, t)).toBe(
      "requests in your groups that a helper gave back",
    );
  });
});
