import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { messages } from "@hyn/validators/messages";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { ERROR_TEXT_KEYS, ERROR_TEXT_VALUES, PATTERNED_ERROR_TEXTS, recognizeErrorText, translateErrorText } from "./error-texts";
import { LOCALES } from "./locales";
import { pseudoText } from "./pseudo-locale";

const catalogsDir = fileURLToPath(new URL("../catalogs/", import.meta.url));
const namespaces = readdirSync(catalogsDir);
const read = (namespace: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(catalogsDir, namespace, `${locale}.json`), "utf8")) as Record<string, string>;

/** The names a message fills in ({name}, {count, plural, ...}), wherever they are in it. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(token.arg);
        for (const branch of token.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe("message catalogs", () => {
  it("has a folder per namespace with every language", () => {
    for (const namespace of namespaces) {
      const files = readdirSync(path.join(catalogsDir, namespace)).sort();
      const expected = (namespace === "errors" ? LOCALES.filter((l) => l !== "en") : LOCALES).map((l) => `${l}.json`).sort();
      expect(files, namespace).toEqual(expected);
    }
  });

  for (const namespace of namespaces.filter((n) => n !== "errors")) {
    const english = read(namespace, "en");
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      it(`${namespace}: ${locale} has every English message, with the same placeholders`, () => {
        const translated = read(namespace, locale);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(english)) {
          expect(placeholders(translated[key]!), `${namespace}.${key} in ${locale}`).toEqual(placeholders(message));
        }
      });
    }
    it(`${namespace}: every English message parses`, () => {
      for (const [key, message] of Object.entries(english)) expect(() => parse(message), `${namespace}.${key}`).not.toThrow();
    });
  }

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`errors: ${locale} translates every error text, using only the values it has`, () => {
      const translated = read("errors", locale);
      expect(Object.keys(translated).sort()).toEqual([...ERROR_TEXT_KEYS].sort());
      for (const [key, message] of Object.entries(translated)) {
        const patterned = PATTERNED_ERROR_TEXTS[key as keyof typeof PATTERNED_ERROR_TEXTS];
        const available = patterned ? Object.keys(patterned.samples[0]!) : Object.keys(ERROR_TEXT_VALUES);
        for (const name of placeholders(message)) expect(available, `errors.${key} in ${locale} uses {${name}}`).toContain(name);
      }
    });
  }
});

describe("error texts", () => {
  it("recognises every fixed message by its text", () => {
    for (const [key, text] of Object.entries(messages)) expect(recognizeErrorText(text)?.key).toBe(key);
  });

  it("recognises every message with values, and reads the values back", () => {
    for (const [key, entry] of Object.entries(PATTERNED_ERROR_TEXTS)) {
      for (const sample of entry.samples) {
        const recognized = recognizeErrorText(entry.english(sample));
        expect(recognized?.key, entry.english(sample)).toBe(key);
        for (const [name, value] of Object.entries(sample)) if (value) expect(recognized?.values[name]).toBe(value);
      }
    }
  });

  it("leaves a text it does not know as it is", () => {
    expect(translateErrorText("Something only a test says", () => "translated")).toBe("Something only a test says");
  });
});

describe("pseudo-locale", () => {
  it("makes every word 40 % longer and keeps plural markers", () => {
    expect(pseudoText("Save")).toBe("Sávé~~");
    expect(pseudoText("# days")).toBe("# dáýs~~");
  });
});
