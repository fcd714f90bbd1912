import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { serializeOutput } from "./transformer";

const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as ReturnType<typeof superjson.serialize>;
/** What the client gets: the answer written as JSON, read back by superjson. */
const roundTrip = (value: unknown) => superjson.deserialize(wire(serializeOutput(value)));

describe("serializeOutput", () => {
  const dashboardLike = {
    myRequests: [
      {
        id: "r1",
        neededBy: new Date("2026-11-23T10:00:00.000Z"),
        claimedAt: null,
        helper: null,
        creator: { id: "u1", name: "Ann", generalArea: null },
      },
      {
        id: "r2",
        neededBy: new Date("2026-11-24T10:00:00.000Z"),
        claimedAt: new Date("2026-11-22T09:00:00.000Z"),
        helper: { id: "u2", name: "Bo" },
      },
    ],
    groups: [],
    usage: { limits: { maxOpenRequests: 5 }, counts: { openRequestsCount: 2 } },
    serverTime: new Date("2026-11-22T12:00:00.000Z"),
    flags: [true, false, 0, -1.5, ""],
  };

  it("writes plain answers with Dates exactly as superjson does", () => {
    expect(wire(serializeOutput(dashboardLike))).toEqual(wire(superjson.serialize(dashboardLike)));
    expect(roundTrip(dashboardLike)).toEqual(dashboardLike);
  });

  it("escapes keys in Date paths as superjson does", () => {
    const odd = { "a.b": new Date(0), "c\\d": { "e.": new Date(1) }, list: [[new Date(2)]] };
    expect(wire(serializeOutput(odd))).toEqual(wire(superjson.serialize(odd)));
    expect(roundTrip(odd)).toEqual(odd);
  });

  it("handles answers that are a Date, a primitive, null or have no Dates", () => {
    for (const value of [new Date(5), "text", 3, true, null, { ok: true }, [1, "two"]]) {
      expect(wire(serializeOutput(value))).toEqual(wire(superjson.serialize(value)));
      expect(roundTrip(value)).toEqual(value);
    }
  });

  it("leaves anything beyond plain JSON and Dates to superjson", () => {
    const values = [
      { missing: undefined },
      { count: Number.NaN },
      { big: 10n },
      { tags: new Set(["a"]) },
      { byId: new Map([["a", 1]]) },
      { when: new Date(Number.NaN) },
      { nested: [{ error: new Error("x") }] },
      { zero: -0 },
    ];
    for (const value of values) expect(serializeOutput(value)).toEqual(superjson.serialize(value));
  });

  it("falls back to superjson for cycles rather than overflowing the stack", () => {
    const looped: Record<string, unknown> = { name: "loop" };
    looped.self = looped;
    expect(serializeOutput(looped)).toEqual(superjson.serialize(looped));
  });
});
