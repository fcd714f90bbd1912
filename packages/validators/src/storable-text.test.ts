import { describe, expect, it } from "vitest";
import { isStorableText, storableJson, storableText } from "./text";

describe("text the server writes itself, made storable (issue 38)", () => {
  it("drops a NUL and makes a lone surrogate U+FFFD, leaving every other character, pairs and escapes as typed", () => {
    expect(storableText("a\u0000b\ud800c\udfffd")).toBe("ab\ufffdc\ufffdd");
    const typed = "milk \\u0000 \\x00 😀 \t\n";
    expect(storableText(typed)).toBe(typed);
    expect(isStorableText(storableText("\u0000\udc00\ud83d"))).toBe(true);
  });

  it("does so through a JSON value's strings and keys, leaving numbers, booleans, null and dates alone", () => {
    const at = new Date("2026-06-01T10:00:00Z");
    expect(storableJson({ "k\u0000": ["a\u0000", { b: "\ud800" }], n: 1, yes: true, none: null, at })).toEqual({
      k: ["a", { b: "\ufffd" }],
      n: 1,
      yes: true,
      none: null,
      at,
    });
  });
});
