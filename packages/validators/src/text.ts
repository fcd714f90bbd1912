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
 * Where every string a client sends starts, over tRPC and REST alike: what cannot be stored as sent
 * is a 400 before any other check or transform, never a database error and never silently altered.
 */
export function inputString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: messages.unsupportedCharacters, abort: true });
}

/** An e-mail address, trimmed and lower-cased so that one address is one account. */
export function emailField(requiredMessage: string, formatMessage: string) {
  return inputString({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, formatMessage)
    .refine(isEmail, formatMessage)
    .transform((v) => v.toLowerCase());
}

/** Optional free text: trimmed, markup stripped, empty becomes null. */
export function optionalCleanText(max: number) {
  return inputString()
    .max(max * 4)
    .nullish()
    .transform((v) => {
      if (v == null) return null;
      const cleaned = stripMarkup(v).slice(0, max);
      return cleaned === "" ? null : cleaned;
    });
}
