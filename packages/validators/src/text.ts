import { z } from "zod";
import { messages } from "./messages";
import { isEmail, stripMarkup } from "./rules";

/** A UTF-16 surrogate without its pair: not text, and the database would store U+FFFD instead. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL stores exactly as sent: no NUL (which it refuses) and no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * Text the server writes itself (an e-mail, a job's payload) made storable: a NUL removed, a lone surrogate
 * U+FFFD. A person's input never gets here with either (it is refused); this is the last guard, so that no
 * text built from it can fail the action that writes it (issue 38).
 */
export function storableText(value: string): string {
  // What String.prototype.toWellFormed does, written out: the web's TypeScript library predates it.
  return value.replaceAll("\u0000", "").replace(new RegExp(LONE_SURROGATE, "g"), "\ufffd");
}

/** The same through every string of a JSON value, keys too (a jsonb column refuses `\u0000` and lone surrogates). */
export function storableJson<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableText(key), storableJson(inner)]),
    ) as T;
  return value;
}

/** Every way text breaks a line (CRLF, CR, LF, vertical tab, form feed, NEL, Unicode's line and paragraph separators). */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** Control characters (C0, DEL, C1): an escape sequence recolours a terminal, a bell rings, none is text. */
const CONTROL_CHARACTER = /\p{Cc}/gu;

/** One line of text as stored: a line break or tab becomes a space, any other control character goes. */
export function oneLineText(value: string): string {
  return value.replace(LINE_BREAK, " ").replace(/\t/g, " ").replace(CONTROL_CHARACTER, "");
}

/** Text of several lines as stored: every line break becomes "\n", a tab a space, any other control character goes. */
export function multiLineText(value: string): string {
  return value
    .replace(LINE_BREAK, "\n")
    .replace(/\t/g, " ")
    .replace(/[^\P{Cc}\n]/gu, "");
}

/** What every string a client sends starts as: what cannot be stored as sent is a 400, before any other check. */
const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: messages.unsupportedCharacters, abort: true });

/**
 * Where a string a person writes starts, over tRPC and REST alike: one line (a name, an area, a group's
 * name, an item, a store, a device's label), so line breaks become spaces and control characters go
 * before any other check (PRODUCT.md, "What is checked").
 */
export function inputString(params?: Parameters<typeof z.string>[0]) {
  return storableString(params).overwrite(oneLineText);
}

/** A field of several lines (pickup notes, a feedback message): line breaks kept, control characters gone. */
export function multilineInputString(params?: Parameters<typeof z.string>[0]) {
  return storableString(params).overwrite(multiLineText);
}

/**
 * A value taken exactly as sent: a password (changing it would lock its owner out), a token, an id, a
 * key, a URL, an address. Its own rule refuses a control character; nothing is removed from it.
 */
export function exactInputString(params?: Parameters<typeof z.string>[0]) {
  return storableString(params);
}

/** An e-mail address, trimmed and lower-cased so that one address is one account. */
export function emailField(requiredMessage: string, formatMessage: string) {
  return exactInputString({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, formatMessage)
    .refine(isEmail, formatMessage)
    .transform((v) => v.toLowerCase());
}

/** Optional free text: trimmed, markup stripped, empty becomes null; one line unless `multiline`. */
export function optionalCleanText(max: number, options: { multiline?: boolean } = {}) {
  return (options.multiline ? multilineInputString() : inputString())
    .max(max * 4)
    .nullish()
    .transform((v) => {
      if (v == null) return null;
      const cleaned = stripMarkup(v).slice(0, max);
      return cleaned === "" ? null : cleaned;
    });
}
