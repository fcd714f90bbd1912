import { describe, expect, it } from "vitest";
import { awaitingFirstOffer, awaitingFirstOfferFrom, nobodyOfferedFrom } from "./first-offer";

const HOUR = 3_600_000;
const POSTED = Date.parse("2026-06-01T10:00:00Z");
const open = (neededInHours: number) => ({
  status: "open",
  createdAt: POSTED,
  neededBy: POSTED + neededInHours * HOUR,
  firstOfferedAt: null,
});

describe("'Nobody has offered yet' (issue 41 §3)", () => {
  it("comes at half the time to needed-by, and never sooner than 2 hours after posting", () => {
    expect(nobodyOfferedFrom(POSTED, POSTED + 10 * HOUR).getTime()).toBe(POSTED + 5 * HOUR);
    expect(nobodyOfferedFrom(POSTED, POSTED + 3 * HOUR).getTime()).toBe(POSTED + 2 * HOUR);
  });

  it("holds for an open request nobody offered for, from then until its needed-by", () => {
    expect(awaitingFirstOffer(open(10), POSTED + 5 * HOUR - 1)).toBe(false);
    expect(awaitingFirstOffer(open(10), POSTED + 5 * HOUR)).toBe(true);
    expect(awaitingFirstOffer(open(10), POSTED + 10 * HOUR)).toBe(false);
    expect(awaitingFirstOffer({ ...open(10), firstOfferedAt: POSTED + HOUR }, POSTED + 6 * HOUR)).toBe(false);
    expect(awaitingFirstOffer({ ...open(10), status: "claimed" }, POSTED + 6 * HOUR)).toBe(false);
    // Needed within 2 hours: over before it would be shown again.
    expect(awaitingFirstOffer(open(1.5), POSTED + HOUR)).toBe(false);
  });

  it("says when it will start, for an answer cached until then", () => {
    expect(awaitingFirstOfferFrom(open(10), POSTED)).toEqual(new Date(POSTED + 5 * HOUR));
    expect(awaitingFirstOfferFrom(open(10), POSTED + 5 * HOUR)).toBeNull();
    expect(awaitingFirstOfferFrom(open(1.5), POSTED)).toBeNull();
    expect(awaitingFirstOfferFrom({ ...open(10), firstOfferedAt: POSTED }, POSTED)).toBeNull();
  });
});
