import { describe, expect, it } from "vitest";
import { answerParts, splitAtServerTime, validUntilOf } from "./answer-body";

const renderAnswer = (answer: Parameters<typeof answerParts>[0], now: Date) => Buffer.concat(answerParts(answer, now));

describe("an answer's serverTime", () => {
  it("is written fresh into every hit", () => {
    const body = JSON.stringify([
      {
        result: {
          data: {
            json: { myRequests: [], serverTime: "2026-01-01T00:00:00.000Z" },
            meta: { values: { serverTime: ["Date"] } },
          },
        },
      },
    ]);
    const split = splitAtServerTime(body);
    const now = new Date("2026-11-23T10:00:00.000Z");
    expect(renderAnswer(split, now).toString()).toBe(body.replace("2026-01-01T00:00:00.000Z", now.toISOString()));
  });

  it("keeps text other than ASCII intact", () => {
    const body = JSON.stringify({ itemDescription: "Crème fraîche 🥛", serverTime: "2026-01-01T00:00:00.000Z" });
    const rendered = renderAnswer(splitAtServerTime(body), new Date("2026-11-23T10:00:00.000Z")).toString();
    expect(JSON.parse(rendered)).toEqual({
      itemDescription: "Crème fraîche 🥛",
      serverTime: "2026-11-23T10:00:00.000Z",
    });
  });

  it("is not looked for inside text a neighbour wrote", () => {
    const body = JSON.stringify({ itemDescription: '"serverTime":"soon"', serverTime: "2026-01-01T00:00:00.000Z" });
    const rendered = renderAnswer(splitAtServerTime(body), new Date("2026-11-23T10:00:00.000Z")).toString();
    expect(JSON.parse(rendered)).toEqual({
      itemDescription: '"serverTime":"soon"',
      serverTime: "2026-11-23T10:00:00.000Z",
    });
  });

  it("leaves an answer without one as it is", () => {
    expect(renderAnswer(splitAtServerTime("[]"), new Date()).toString()).toBe("[]");
  });
});

describe("how long an answer's statuses hold", () => {
  const since = Date.parse("2026-11-23T10:00:00.000Z");
  it("until the first open request shown turns expired", () => {
    const answer = {
      myRequests: [
        { status: "open", neededBy: "2026-11-23T12:00:00.000Z" },
        { status: "claimed", neededBy: "2026-11-23T10:30:00.000Z" },
      ],
      helpableRequests: [{ status: "open", neededBy: "2026-11-23T11:00:00.000Z" }],
    };
    expect(validUntilOf(answer, since)).toBe(Date.parse("2026-11-23T11:00:00.000Z"));
  });

  it("counting one that expired while the answer was being built", () => {
    expect(validUntilOf([{ status: "open", neededBy: "2026-11-23T10:00:00.001Z" }], since)).toBe(since + 1);
  });

  it("until a trip shown closes its list, or leaves once it is closed", () => {
    const trip = { status: "open", closesAt: "2026-11-23T10:30:00.000Z", departsAt: "2026-11-23T11:30:00.000Z" };
    expect(validUntilOf({ trips: [trip] }, since)).toBe(Date.parse("2026-11-23T10:30:00.000Z"));
    const closed = { ...trip, status: "closed", closesAt: "2026-11-23T09:30:00.000Z" };
    expect(validUntilOf({ trips: [closed] }, since)).toBe(Date.parse("2026-11-23T11:30:00.000Z"));
  });

  it("until an open request nobody has offered for is shown again at the top (issue 41 §3)", () => {
    const posted = { status: "open", createdAt: "2026-11-23T08:00:00.000Z", neededBy: "2026-11-23T18:00:00.000Z" };
    expect(validUntilOf([{ ...posted, firstOfferedAt: null }], since)).toBe(Date.parse("2026-11-23T13:00:00.000Z"));
    expect(validUntilOf([{ ...posted, firstOfferedAt: "2026-11-23T09:00:00.000Z" }], since)).toBe(
      Date.parse("2026-11-23T18:00:00.000Z"),
    );
  });

  it("for ever when nothing open is still ahead", () => {
    expect(
      validUntilOf(
        [
          { status: "open", neededBy: "2026-11-23T09:00:00.000Z" },
          { status: "fulfilled", neededBy: "2026-11-24T09:00:00.000Z" },
        ],
        since,
      ),
    ).toBe(Infinity);
  });
});
