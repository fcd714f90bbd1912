import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from "@hyn/i18n/locales";
import { useId, useState } from "react";
import { useToast } from "../../components/Toasts";
import { useAuth } from "../auth/AuthProvider";
import { trpc } from "../../lib/trpc";
import { activateLocale, currentLocale, rememberLocale } from "../../i18n/i18n";
import { useT } from "../../i18n/useT";
import { setChoiceBeforeAccount, useChoiceBeforeAccount } from "./choice-before-account";

/**
 * The language picker (footer and profile): shown in the new language at once, kept on this device,
 * and on the account when someone is signed in, so their e-mails follow too. Picked while the account
 * is still loading, it is saved once the account is known (`AccountLocale`); until then the picker waits.
 */
export function LanguageChoice({ className = "language-choice" }: { className?: string }) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const { user, loading } = useAuth();
  const waitingForAccount = useChoiceBeforeAccount() !== null;
  const utils = trpc.useUtils();
  const saveOnAccount = trpc.user.updateLocale.useMutation({
    onSuccess: (updated) => utils.user.me.setData(undefined, updated),
  });
  const [pending, setPending] = useState(false);
  const shown = currentLocale();
  const value: Locale = isLocale(shown) ? shown : "en";

  async function choose(locale: Locale) {
    setPending(true);
    try {
      rememberLocale(locale);
      // Noted before the switch, so an account arriving meanwhile does not switch back to its own.
      if (!user && loading) setChoiceBeforeAccount(locale);
      await activateLocale(locale);
      if (user) await saveOnAccount.mutateAsync({ locale });
    } catch {
      toast.error(t("common.languageNotSaved"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={className}>
      <label htmlFor={id}>{t("common.language")}</label>
      <select
        id={id}
        value={value}
        disabled={pending || waitingForAccount}
        onChange={(event) => isLocale(event.target.value) && void choose(event.target.value)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
