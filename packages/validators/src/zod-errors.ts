import { z } from "zod";
import { messages, zodFallbackMessages, type KeyedMessage, type MessageKey, type ZodFallbackKey } from "./messages";

/**
 * Plain-language fallbacks for the errors no schema names itself (a missing field, a wrong type, an
 * oversized value). Schema-level messages — the spec's texts — always take precedence over these.
 */
z.config({
  customError: (issue) => {
    const field = issue.path?.length ? String(issue.path[issue.path.length - 1]) : "";
    const named = (key: ZodFallbackKey) => (field ? `${zodFallbackMessages[key]}: ${field}` : zodFallbackMessages[key]);
    switch (issue.code) {
      // Codes no schema here meets on its own (every code is named, so a new one fails the lint).
      case "custom":
      case "invalid_element":
      case "invalid_key":
      case "not_multiple_of":
      case "unrecognized_keys":
        return named("invalidValue");
      case "invalid_type":
        return issue.input === undefined || issue.input === null ? messages.fillAllFields : named("invalidValue");
      case "too_big":
        return named("valueTooBig");
      case "too_small":
        return named("valueTooSmall");
      case "invalid_format":
        return named("invalidFormat");
      case "invalid_value":
        return named("invalidChoice");
      case "invalid_union":
        return named("invalidValue");
      default:
        return named("invalidValue");
    }
  },
});

/**
 * A zod issue's message gives its key back (ADR 0020): a schema names its message as `messages.<key>`,
 * so the text is one of `messages` (unique, the catalogs' test checks), else one of the fallbacks above,
 * with the field's name after it. This is the only place an error is known by its text; null for a
 * text that is neither.
 */
const keyOfSchemaText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

export function messageOfZodText(text: string): KeyedMessage | null {
  const key = keyOfSchemaText.get(text);
  if (key) return { key };
  for (const [fallback, english] of Object.entries(zodFallbackMessages) as Array<[ZodFallbackKey, string]>) {
    if (text === english) return { key: fallback, values: { field: "" } };
    if (text.startsWith(`${english}: `)) return { key: fallback, values: { field: text.slice(english.length + 2) } };
  }
  return null;
}
