import { isLocale, PSEUDO_LOCALE } from "@hyn/i18n/locales";
import { useEffect } from "react";
import { useAuth } from "../auth/AuthProvider";
import { activateLocale, currentLocale, rememberLocale } from "../../i18n/i18n";

/**
 * A signed-in person's language is the one on their account (picked on another device, or their
 * browser's when they signed up): the app switches to it once their account is known.
 */
export function AccountLocale() {
  const { user } = useAuth();
  const accountLocale = user?.locale;
  useEffect(() => {
    // A test's pseudo-locale is never replaced.
    if (!isLocale(accountLocale) || accountLocale === currentLocale() || currentLocale() === PSEUDO_LOCALE) return;
    rememberLocale(accountLocale);
    void activateLocale(accountLocale);
  }, [accountLocale]);
  return null;
}
