import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { serverTranslator } from "./server";

/** What a person may type that reads like an escape sequence: six, eight, four and twelve characters. */
const TYPED = ["milk \\u0000", "\\u003cimg src=x\\u003e", "\\x00", "\\u000d\\u000a"];

/** A Lingui instance with these catalog texts, compiled as the server and the web's build compile theirs. */
function withCatalog(texts: Record<string, string>) {
  const i18n = setupI18n();
  i18n.load("en", Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, compileMessageOrThrow(text)])));
  i18n.activate("en");
  return i18n;
}

describe("a value is written exactly as typed (issue 38)", () => {
  it("the server's texts put a value in as typed, escape-looking characters and all", () => {
    const t = serverTranslator("en");
    for (const item of TYPED) {
      expect(t("email.digestItem", { item, poster: "Ana", group: "G", when: "today" })).toBe(
        `• ${item} — Ana in G, needed by today.`,
      );
      expect(t("email.feedbackSubject", { product: "HYN", subject: item })).toBe(`[HYN feedback] ${item}`);
    }
  });

  it("a value inside a select or plural case is written as typed too", () => {
    const i18n = withCatalog({
      pick: "{kind, select, a {A: {name}} other {{name}}}",
      count: "{n, plural, one {# by {name}} other {# by {name}}}",
    });
    for (const name of TYPED) {
      expect(i18n._("pick", { kind: "a", name })).toBe(`A: ${name}`);
      expect(i18n._("count", { n: 2, name })).toBe(`2 by ${name}`);
    }
  });

  it("a catalog's own escape sequences still decode, beside a value that is left alone", () => {
    const i18n = withCatalog({
      cafe: "Caf\\u00e9 \\x41 {name}",
      inCase: "{kind, select, a {\\u00e9 {name}} other {x}}",
    });
    expect(i18n._("cafe", { name: "\\u00e9" })).toBe("Café A \\u00e9");
    expect(i18n._("inCase", { kind: "a", name: "\\x41" })).toBe("é \\x41");
  });
});
