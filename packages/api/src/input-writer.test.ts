import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { writeInput } from "./input-writer";

type Wire = Parameters<typeof superjson.deserialize>[0];
/** What the server reads of a written input, once it has been sent as JSON text. */
const read = (written: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(written)) as Wire);
/** What the server would read had superjson itself written the input. */
const expected = (value: unknown) => read(superjson.serialize(value));

describe("an input written by the web's writer reads on the server as superjson's own writing of it", () => {
  it.each([
    ["a bare Date", new Date("2030-06-05T10:00:00Z")],
    ["a request with its needed-by", { groupId: "g", itemDescription: "Oat milk", neededBy: new Date(0) }],
    ["Dates deep in arrays and objects", { a: [{ b: new Date(1) }, new Date(2)], c: { d: { e: new Date(3) } } }],
    ["undefined in objects and arrays", { a: undefined, b: [undefined, 1], c: { d: undefined } }],
    ["numbers JSON cannot hold", { a: Number.NaN, b: [Infinity, -Infinity], c: -0 }],
    ["keys with dots and backslashes", { "a.b": new Date(4), "c\\d": { "e.f": new Date(5) } }],
    ["an invalid Date", { when: new Date(Number.NaN) }],
    ["nothing", undefined],
    ["null and plain JSON", { a: null, b: "text", c: true, d: [1, "2", { e: false }] }],
  ])("%s", (_name, value) => {
    expect(read(writeInput(value))).toEqual(expected(value));
  });

  it("for any plain value with Dates", () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(
        fc.constant(null),
        fc.constant(undefined),
        fc.boolean(),
        fc.double(),
        fc.string(),
        fc.date({ noInvalidDate: false }),
      ),
      node: fc.oneof({ depthSize: "small" }, tie("leaf"), tie("array"), tie("object")),
      array: fc.array(tie("node"), { maxLength: 4 }),
      object: fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 }),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        let wanted: unknown;
        try {
          wanted = expected(input);
        } catch {
          // What superjson refuses to write (a __proto__ key) is refused here too.
          expect(() => writeInput(input)).toThrow(TypeError);
          return;
        }
        expect(read(writeInput(input))).toEqual(wanted);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what the web never sends, rather than send what the server would read otherwise", () => {
    expect(() => writeInput({ a: new Map() })).toThrow(TypeError);
    expect(() => writeInput({ a: 1n })).toThrow(TypeError);
    expect(() => writeInput(new Set([1]))).toThrow(TypeError);
  });
});
