import { isLocale, PSEUDO_LOCALE } from "@hyn/i18n/locales";
import { useEffect, useRef } from "react";
import { useToast } from "../../components/Toasts";
import { trpc } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import { activateLocale, currentLocale, rememberLocale } from "../../i18n/i18n";
import { useT } from "../../i18n/useT";
import { choiceBeforeAccount, setChoiceBeforeAccount, useChoiceBeforeAccount } from "./choice-before-account";

/**
 * A signed-in person's language is the one on their account (picked on another device, or their
 * browser's when they signed up): the app switches to it once their account is known. A language
 * picked on this page while the account was loading is newer: it is saved on the account instead.
 */
export function AccountLocale() {
  const t = useT();
  const toast = useToast();
  const { user, loading, setUser } = useAuth();
  const accountLocale = user?.locale;
  const waiting = useChoiceBeforeAccount();
  const saveOnAccount = trpc.user.updateLocale.useMutation();
  const saving = useRef(false);

  useEffect(() => {
    // A test's pseudo-locale is never replaced; a choice still to be saved is newer than the account's.
    if (!isLocale(accountLocale) || accountLocale === currentLocale() || currentLocale() === PSEUDO_LOCALE) return;
    if (choiceBeforeAccount()) return;
    rememberLocale(accountLocale);
    void activateLocale(accountLocale);
  }, [accountLocale]);

  useEffect(() => {
    if (loading || !waiting || saving.current) return;
    // Nobody is signed in, or the account has it already: the device keeps it, nothing to save.
    if (!user || user.locale === waiting) {
      setChoiceBeforeAccount(null);
      return;
    }
    saving.current = true;
    saveOnAccount.mutate(
      { locale: waiting },
      {
        onSuccess: (updated) => setUser(updated),
        onError: () => toast.error(t("common.languageNotSaved")),
        onSettled: () => {
          saving.current = false;
          setChoiceBeforeAccount(null);
        },
      },
    );
  }, [loading, user, waiting, saveOnAccount, setUser, toast, t]);

  return null;
}
