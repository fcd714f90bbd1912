import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileAnswerWriter, serializeOutput, writeAnswerWith } from "./answer-writer";
import { isoString } from "./iso-date";

const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as ReturnType<typeof superjson.serialize>;
/** What the client gets: the answer written as JSON, read back by superjson. */
const roundTrip = (value: unknown) => superjson.deserialize(wire(serializeOutput(value)));

describe("an answer written by the walk over every value (no schema)", () => {
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

describe("an answer written by its output schema", () => {
  const person = z.object({ id: z.string(), name: z.string(), since: z.date().nullable() });
  const schema = z.object({
    people: z.array(person),
    owner: person.nullable(),
    tags: z.array(z.string()),
    updatedAt: z.date(),
    firstSeen: z.date().optional(),
    "odd.key": z.date(),
    // Parts written by the walk over every value: a union, a record, anything.
    either: z.union([z.object({ at: z.date() }), z.string()]),
    byDay: z.record(z.string(), z.date()),
    extra: z.unknown(),
  });
  const writer = compileAnswerWriter(schema);
  const answer = () => ({
    people: [
      { id: "a", name: "Ann", since: new Date("2026-01-02T03:04:05.006Z") },
      { id: "b", name: "Bo", since: null },
      { id: "c", name: "Cy", since: new Date("1999-12-31T23:59:59.999Z") },
    ],
    owner: { id: "a", name: "Ann", since: new Date(0) },
    tags: ["x"],
    updatedAt: new Date("2026-11-26T12:00:00.000Z"),
    "odd.key": new Date(1),
    either: { at: new Date(2) },
    byDay: { monday: new Date(3) },
    extra: [{ deep: new Date(4) }],
  });

  it("is what superjson writes, read back the same", () => {
    const value = answer();
    expect(wire(writer(value))).toEqual(wire(superjson.serialize(value)));
    expect(superjson.deserialize(wire(writer(value)))).toEqual(value);
    expect(JSON.stringify(writer(value).json)).toBe(JSON.stringify(value));
  });

  it("never changes the answer: only what leads to a Date is copied", () => {
    const value = answer();
    const before = structuredClone(value);
    const written = writer(value).json as unknown as ReturnType<typeof answer>;
    expect(value).toEqual(before);
    expect(value.people[0]!.since).toBeInstanceOf(Date);
    expect(written.tags).toBe(value.tags);
    expect(written.people[1]).toBe(value.people[1]);
    expect(written.people[0]).not.toBe(value.people[0]);
    expect(written.people[0]!.since).toBe("2026-01-02T03:04:05.006Z");
  });

  it("writes an answer with no Date where its schema allows none as it is, with no meta", () => {
    const plain = compileAnswerWriter(z.object({ ok: z.boolean(), names: z.array(z.string()) }));
    const value = { ok: true, names: ["a"] };
    expect(plain(value)).toEqual({ json: value });
    expect(plain(value).json).toBe(value);
  });

  it("writes an answer that is a Date, or a list of them", () => {
    expect(wire(compileAnswerWriter(z.date())(new Date(5)))).toEqual(wire(superjson.serialize(new Date(5))));
    const dates = [new Date(6), new Date(7)];
    expect(wire(compileAnswerWriter(z.array(z.date()))(dates))).toEqual(wire(superjson.serialize(dates)));
  });

  it("still reads what is there when it does not have its schema's shape", () => {
    const value = { people: "not a list", owner: [new Date(8)], updatedAt: "not a date" };
    expect(superjson.deserialize(wire(writer(value)))).toEqual(value);
  });

  it("leaves anything beyond plain JSON and Dates to superjson", () => {
    for (const value of [
      { ...answer(), updatedAt: new Date(Number.NaN) },
      { ...answer(), extra: { missing: undefined } },
      { ...answer(), byDay: { monday: new Map() } },
    ])
      expect(writer(value)).toEqual(superjson.serialize(value));
  });

  it("is used for a procedure's answer handed its writer, once", () => {
    const value = { updatedAt: new Date(9) };
    const byItsSchema = compileAnswerWriter(z.object({ updatedAt: z.string() }));
    writeAnswerWith(value, byItsSchema);
    // This schema says a string: its writer leaves the field to JSON.stringify, without a Date in meta.
    expect(serializeOutput(value)).toEqual({ json: value });
    expect(serializeOutput(value)).toEqual(superjson.serialize(value));
  });
});

describe("isoString", () => {
  it("writes every Date as toISOString does", () => {
    const edges = [
      0, -1, 1, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, -62_135_596_800_000, -62_135_596_800_001,
      253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15,
    ];
    const random = Array.from({ length: 20_000 }, () => Math.floor((Math.random() - 0.5) * 2 * 8.64e15));
    const nearNow = Array.from({ length: 20_000 }, () => Math.floor(Math.random() * 4_102_444_800_000));
    for (const ms of [...edges, ...random, ...nearNow])
      expect(isoString(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it("throws for an invalid Date, as toISOString does", () => {
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
