/** Issue 43: the invite form takes what address books and mail programs copy, not only bare addresses. */
import { describe, expect, it } from "vitest";
import { splitAddresses } from "./address-list";
import { isEmail } from "./rules";

describe("splitting pasted addresses", () => {
  it.each([
    ["a bare address", "hugo@walk.test", ["hugo@walk.test"]],
    ["a name and an address in angle brackets", "Hugo <hugo@walk.test>", ["hugo@walk.test"]],
    ["a name of several words", "Hugo van der Walk <Hugo@Walk.test>", ["hugo@walk.test"]],
    ["a quoted name with a comma", '"Walker, Hugo" <hugo@walk.test>', ["hugo@walk.test"]],
    ["a quoted name with a semicolon and brackets", '"Walker; Hugo <home>" <hugo@walk.test>', ["hugo@walk.test"]],
    ["a quoted name with an escaped quote", '"Hugo \\"H\\" Walker" <hugo@walk.test>', ["hugo@walk.test"]],
    ["an address alone in angle brackets", "<hugo@walk.test>", ["hugo@walk.test"]],
    ["an address with a comment", "hugo@walk.test (Hugo, from the walk)", ["hugo@walk.test"]],
    ["a mailto link", "mailto:hugo@walk.test", ["hugo@walk.test"]],
    ["a mailto link in brackets", "Hugo <mailto:hugo@walk.test>", ["hugo@walk.test"]],
    ["single-quoted name", "'Hugo Walker' <hugo@walk.test>", ["hugo@walk.test"]],
    ["a name with an apostrophe", "Seán O'Brien <sean@walk.test>", ["sean@walk.test"]],
    ["a name not in any script of Latin", "Ζωή Παππά <zoe@walk.test>", ["zoe@walk.test"]],
    ["an unquoted name before a bare address", "Hugo Walker hugo@walk.test", ["hugo@walk.test"]],
    [
      "a mail program's To line, with commas",
      'Hugo <hugo@walk.test>, "Lee, Ann" <ann@walk.test>, bo@walk.test',
      ["hugo@walk.test", "ann@walk.test", "bo@walk.test"],
    ],
    [
      "a mail program's To line, with semicolons",
      "Hugo Walker <hugo@walk.test>; Ann Lee <ann@walk.test>;",
      ["hugo@walk.test", "ann@walk.test"],
    ],
    [
      "one per line, mixed forms",
      'Hugo <hugo@walk.test>\r\n"Lee, Ann" <ann@walk.test>\nbo@walk.test\n\n<cy@walk.test>',
      ["hugo@walk.test", "ann@walk.test", "bo@walk.test", "cy@walk.test"],
    ],
    [
      "bare addresses separated by spaces and tabs",
      " a@example.com,b@example.com\n\nC@Example.com; a@example.com\td@example.com ",
      ["a@example.com", "b@example.com", "c@example.com", "d@example.com"],
    ],
    ["the same address under two names, once", "Hugo <hugo@walk.test>, H. Walker <HUGO@walk.test>", ["hugo@walk.test"]],
    ["no space before the bracket", "Hugo<hugo@walk.test>,Ann<ann@walk.test>", ["hugo@walk.test", "ann@walk.test"]],
    ["a bracket left open", "Hugo <hugo@walk.test\nann@walk.test", ["hugo@walk.test", "ann@walk.test"]],
    [
      "a quote left open ends with its line",
      '"Hugo <hugo@walk.test>\nann@walk.test',
      ["hugo@walk.test", "ann@walk.test"],
    ],
    ["separators only", " ,\n ; ", []],
  ])("%s", (_, pasted, expected) => {
    expect(splitAddresses(pasted)).toEqual(expected);
  });

  it("keeps a word that is not an address, so it is refused by name instead of vanishing", () => {
    expect(splitAddresses("Hugo, ann@walk.test")).toEqual(["hugo", "ann@walk.test"]);
    expect(splitAddresses("Hugo <not an address>")).toEqual(["not an address"]);
    expect(splitAddresses("Hugo <not an address>").every(isEmail)).toBe(false);
  });

  it("no longer splits a name and its address into two refused entries", () => {
    const parts = splitAddresses("Hugo <hugo@walk.test>");
    expect(parts).toHaveLength(1);
    expect(parts.every(isEmail)).toBe(true);
  });
});
