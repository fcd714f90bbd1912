import type { Locale } from "@hyn/i18n/locales";
import { useSyncExternalStore } from "react";

/**
 * A language picked while the signed-in account was still loading. It cannot be saved yet, and the
 * account's own language must not replace it when the account arrives: it waits here until
 * `AccountLocale` has saved it on the account (or learnt that nobody is signed in).
 */
let waiting: Locale | null = null;
const listeners = new Set<() => void>();

export function choiceBeforeAccount(): Locale | null {
  return waiting;
}

export function setChoiceBeforeAccount(locale: Locale | null): void {
  waiting = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChoiceBeforeAccount(): Locale | null {
  return useSyncExternalStore(subscribe, choiceBeforeAccount);
}
