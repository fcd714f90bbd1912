import { useLingui } from "@lingui/react";
import type { MessageId, MessageValues, WebNamespace } from "@hyn/i18n/catalogs";
import { useMemo } from "react";
import { i18n } from "./i18n";

/**
 * A text of the app in the current language: `t("common.save")`, `t("requests.neededBy", { date })`.
 * Error messages, by key, are `errorText` (i18n/errorText.ts).
 */
export type Translate = (id: MessageId<WebNamespace>, values?: MessageValues) => string;

function makeTranslate(): Translate {
  return (id: MessageId<WebNamespace>, values?: MessageValues) => i18n._(id, values);
}

/** The current language's texts, for components; they render again when the language changes. */
export function useT(): Translate {
  const { i18n: active } = useLingui();
  const locale = active.locale;
  // A new function per language, so memoised children that take `t` see the change too.
  return useMemo(() => {
    void locale;
    return makeTranslate();
  }, [locale]);
}

/** The same, outside React (a toast's text, a fallback message): the language current at the call. */
export const translate: Translate = makeTranslate();
