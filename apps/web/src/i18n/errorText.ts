import { englishText, type KeyedMessage, type MessageKey } from "@hyn/validators/messages";
import { translateError } from "./i18n";

/**
 * An error message (a form's rule, a limit rule's refusal), by key, in the current language (ADR 0020):
 * `errorText("nameRequired")`, `errorText(refusal)`. Imported by the screens that show one, so the
 * English of every message (@hyn/validators' messages) loads with them and not with the entry.
 */
export function errorText(message: MessageKey | KeyedMessage): string {
  const keyed = typeof message === "string" ? { key: message } : message;
  return translateError(keyed, englishText(keyed));
}
