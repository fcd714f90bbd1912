import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { messages, valuedMessages, zodFallbackMessages } from "@hyn/validators/messages";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { ERROR_KEYS, ERROR_TEXT_VALUES, translateError, translationValues } from "./error-texts";
import { LOCALES } from "./locales";
import { pseudoText } from "./pseudo-locale";
import { SAMPLE_ERRORS } from "./sample-errors";

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
      const expected = (namespace === "errors" ? LOCALES.filter((l) => l !== "en") : LOCALES)
        .map((l) => `${l}.json`)
        .sort();
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
      for (const [key, message] of Object.entries(english))
        expect(() => parse(message), `${namespace}.${key}`).not.toThrow();
    });
  }

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`errors: ${locale} translates every error message, using only the values it has`, () => {
      const translated = read("errors", locale);
      expect(Object.keys(translated).sort()).toEqual([...ERROR_KEYS].sort());
      for (const [key, message] of Object.entries(translated)) {
        const samples = SAMPLE_ERRORS.filter((sample) => sample.key === key);
        const available =
          key in messages ? Object.keys(ERROR_TEXT_VALUES) : Object.keys(translationValues(samples[0]!));
        for (const name of placeholders(message))
          expect(available, `errors.${key} in ${locale} uses {${name}}`).toContain(name);
      }
    });

    it(`errors: ${locale} takes the product's numbers as values, never writing them itself`, () => {
      const translated = read("errors", locale);
      const said = (text: string, value: number) =>
        // Placeholders and example dates ("2027-06-14T15:30:00Z") are not a number stated.
        new RegExp(`(?<![\\w.,-])${value}(?![\\w.,:-])`).test(
          text.replace(/\{[^{}]*\}/g, "").replace(/\d{4}-\d{2}-\d{2}T[\d:]+Z/g, ""),
        );
      // Each number with the names of the values that are it.
      const numbers = new Map<number, string[]>();
      for (const [name, value] of Object.entries(ERROR_TEXT_VALUES))
        if (typeof value === "number" && value > 1) numbers.set(value, [...(numbers.get(value) ?? []), `{${name}}`]);
      // Its English writes the choices (GROUP_LINK_VALIDITY_DAYS) itself; a 7 among them is not the invitation's days.
      const notAValue = new Set(["groupLinkExpiryInvalid"]);
      for (const [key, english] of Object.entries(messages))
        for (const [value, names] of numbers)
          if (said(english, value) && translated[key] !== undefined && !notAValue.has(key))
            expect(
              said(translated[key], value),
              `errors.${key} in ${locale} writes ${value}, not ${names.join(" or ")}`,
            ).toBe(false);
    });
  }
});

describe("error messages by key", () => {
  it("has samples of every message with values, each giving the values its translations use", () => {
    const sampled = new Set(SAMPLE_ERRORS.map((sample) => sample.key));
    for (const key of [...Object.keys(valuedMessages), ...Object.keys(zodFallbackMessages)])
      expect(sampled, key).toContain(key);
    for (const sample of SAMPLE_ERRORS) {
      const names = Object.keys(translationValues(sample));
      for (const name of Object.keys("values" in sample ? sample.values : {}))
        expect(names, sample.key).toContain(name);
    }
  });

  it("keeps the English when a language has no translation of a key", () => {
    expect(translateError({ key: "invalidCredentials" }, (id) => id)).toBe(messages.invalidCredentials);
  });
});

describe("pseudo-locale", () => {
  it("makes every word 40 % longer and keeps plural markers", () => {
    expect(pseudoText("Save")).toBe("Sávé~~");
    expect(pseudoText("# days")).toBe("# dáýs~~");
  });
});

/**
 * One spelling of each action in English (issue 30): logging in is "Log In" on a button, a link or a
 * title and "log in" (or "Log in", opening it) in a sentence, never "sign in"; "Login" only where the spec names it (the
 * menu's "Login", "Go to Login", "Back to Login", "Login failed"); "Check Your Email" as the spec names
 * that page, wherever the words stand as a heading.
 */
describe("English spelling of actions", () => {
  const english = namespaces.flatMap((namespace) =>
    namespace === "errors"
      ? []
      : Object.entries(read(namespace, "en")).map(([key, text]) => ({ key: `${namespace}.${key}`, text })),
  );
  const specLogin = new Set([
    "common.navLogin",
    "auth.goToLogin",
    "auth.backToLoginButton",
    "auth.backToLoginLink",
    "auth.loginFailed",
  ]);

  it("logs in, never signs in, and says Login only in the spec's own texts", () => {
    const wrong = english.filter(({ key, text }) => {
      if (/\bsign in\b/i.test(text)) return true;
      for (const [word] of text.matchAll(/\blog ?in\b/gi)) {
        const sentence = /[.!?]/.test(text);
        if (word === "Login") {
          if (!specLogin.has(key)) return true;
        } else if (sentence ? word !== "log in" && word !== "Log in" : word !== "Log In") return true;
      }
      return false;
    });
    expect(wrong).toEqual([]);
  });

  it("says Check Your Email one way", () => {
    expect(english.filter(({ text }) => /check your email/i.test(text) && !text.includes("Check Your Email"))).toEqual(
      [],
    );
  });
});
