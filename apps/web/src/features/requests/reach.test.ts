import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "../../i18n/i18n";
import { translate } from "../../i18n/useT";
import { reachSentence } from "./reach";

const times = { sentAt: "2026-06-01T08:00:00.000Z", neededBy: "2026-06-01T13:00:00.000Z" };

describe("the toast of who will hear of a new request", () => {
  beforeAll(() => loadNamespaces(["requests"]));

  it("says only the counts that are not zero (issue 43: no '0 in the next daily summary')", () => {
    expect(reachSentence(translate, { now: 1, later: 0, daily: 0, weekly: 0, appOnly: 0 }, "Elm", times)).toBe(
      "1 neighbour will hear now.",
    );
    expect(reachSentence(translate, { now: 0, later: 0, daily: 2, weekly: 0, appOnly: 3 }, "Elm", times)).toBe(
      "2 in the next daily summary, 3 only in the app.",
    );
    expect(reachSentence(translate, { now: 2, later: 1, daily: 1, weekly: 1, appOnly: 1 }, "Elm", times)).toBe(
      "2 neighbours will hear now, 1 in 30 minutes if nobody has offered, 1 in the next daily summary, 1 in the weekly summary, 1 only in the app.",
    );
  });
});
