import { z } from "zod";
import { isEmail, stripMarkup } from "./rules";


/** An e-mail address, trimmed and lower-cased so that one address is one account. */
export function emailField(requiredMessage: string, formatMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, formatMessage)
    .refine(isEmail, formatMessage)
    .transform((v) => v.toLowerCase());
}

/** Optional free text: trimmed, markup stripped, empty becomes null. */
export function optionalCleanText(max: number) {
  return z
    .string()
    .max(max * 4)
    .nullish()
    .transform((v) => {
      if (v == null) return null;
      const cleaned = stripMarkup(v).slice(0, max);
      return cleaned === "" ? null : cleaned;
    });
}
