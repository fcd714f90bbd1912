import type { EmailFrequency } from "@hyn/validators/rules";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import { useSaveNote, type SaveNote } from "../../components/SaveStatus";
import { errorText } from "../../i18n/errorText";
import { useT } from "../../i18n/useT";
import { errorKey, errorMessage, trpc, type CurrentUser } from "../../lib/trpc";
import { useAuth } from "../auth/AuthProvider";
import {
  changedKeys,
  DETAIL_KEYS,
  planSave,
  profileValuesOf,
  type ProfileDraft,
  type ProfileForm,
  type ProfileValues,
} from "./profileChanges";

type DetailKey = keyof ProfileValues;

/** The server's refusals that belong to a detail (ADR 0020), said under it rather than in the bar. */
const FIELD_OF_KEY: Partial<Record<string, DetailKey>> = {
  nameRequired: "name",
  nameTooLong: "name",
  invalidPhoneFormat: "phone",
  enterValidPhone: "phone",
};

export interface ProfileEdits {
  /** The form as shown: the draft over the saved values. */
  shown: ProfileForm;
  /** Something shown differs from what is saved: Cancel and Save are offered. */
  changed: boolean;
  saving: boolean;
  /** Each detail's refusal, in the current language, under its field. */
  errors: Partial<Record<DetailKey, string>>;
  /** What the last Save or Cancel came to, said in the Save bar. */
  note: SaveNote | null;
  /** Keeps a change locally; `from` is the control, for the focus after Save or Cancel. */
  edit(change: ProfileDraft, from?: HTMLElement | null): void;
  /** Saves every change in one go; answers the first detail in error, for the form to focus. */
  save(): Promise<DetailKey | null>;
  /** Puts back the saved values. */
  cancel(): void;
}

const ProfileEditsContext = createContext<ProfileEdits | null>(null);

export function useProfileEdits(): ProfileEdits {
  const edits = useContext(ProfileEditsContext);
  if (!edits) throw new Error("useProfileEdits is used inside a ProfileEditsProvider");
  return edits;
}

/**
 * The profile's form (PRODUCT "Screens"): the details and the e-mail frequency are edited locally, in
 * two sections of the page, and saved together by one Save, which appears (with Cancel) only while
 * something differs from what is saved. The draft lives here, above both sections, so it survives
 * everything on the page (a language change, a section reloading) until Save, Cancel or leaving.
 */
export function ProfileEditsProvider({
  user,
  savedFrequency,
  children,
}: {
  user: CurrentUser;
  /** The profile's e-mail frequency as saved (the notification preferences' answer; null while it loads). */
  savedFrequency: EmailFrequency | null;
  children: ReactNode;
}) {
  const t = useT();
  const { setUser } = useAuth();
  const utils = trpc.useUtils();
  const updateProfile = trpc.user.updateProfile.useMutation();
  const updateFrequency = trpc.user.updateEmailPreferences.useMutation();
  const [draft, setDraft] = useState<ProfileDraft>({});
  const [errors, setErrors] = useState<Partial<Record<DetailKey, string>>>({});
  const [saving, setSaving] = useState(false);
  const [note, showNote] = useSaveNote();
  // The control last changed: the focus goes back to it when Save or Cancel (which disappear) is done.
  const lastEdited = useRef<HTMLElement | null>(null);

  const saved: ProfileForm = {
    ...profileValuesOf(user),
    emailHidden: user.emailHidden,
    frequency: savedFrequency,
  };
  const shown: ProfileForm = { ...saved, ...draft };
  const changed = changedKeys(draft, saved).length > 0;

  function edit(change: ProfileDraft, from?: HTMLElement | null) {
    if (from) lastEdited.current = from;
    setDraft((current) => ({ ...current, ...change }));
    const cleared = DETAIL_KEYS.filter((key) => key in change && errors[key]);
    if (cleared.length)
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key as DetailKey))),
      );
    if (note?.tone === "failed") showNote(null);
  }

  function cancel() {
    setDraft({});
    setErrors({});
    showNote(null);
    lastEdited.current?.focus();
  }

  /** Drops from the draft what was sent and saved; a key edited again meanwhile keeps the newer value. */
  const forget = (sent: ProfileDraft, keys: readonly (keyof ProfileForm)[]) =>
    setDraft((current) => {
      const next = { ...current };
      for (const key of keys) if (next[key] === sent[key]) delete next[key];
      return next;
    });

  async function save(): Promise<DetailKey | null> {
    if (saving) return null;
    const plan = planSave(shown, saved);
    const invalid = DETAIL_KEYS.filter((key) => plan.errors[key]);
    setErrors(Object.fromEntries(invalid.map((key) => [key, errorText(plan.errors[key]!)])));
    if (invalid.length) {
      showNote(null);
      return invalid[0]!;
    }
    if (!plan.profile && !plan.frequency) {
      // Only whitespace or markup changed: what is shown becomes what is saved.
      setDraft({});
      showNote({ tone: "info", text: errorText("noChangesToSave") });
      return null;
    }

    const sent = draft;
    setSaving(true);
    showNote(null);
    const [profileResult, frequencyResult] = await Promise.allSettled([
      plan.profile ? updateProfile.mutateAsync(plan.profile) : Promise.resolve(null),
      plan.frequency ? updateFrequency.mutateAsync({ frequency: plan.frequency }) : Promise.resolve(null),
    ]);
    setSaving(false);

    const failures: string[] = [];
    let fieldInError: DetailKey | null = null;
    if (profileResult.status === "fulfilled" && profileResult.value) {
      setUser(profileResult.value);
      forget(sent, [...DETAIL_KEYS, "emailHidden"]);
    } else if (profileResult.status === "rejected") {
      const text = errorMessage(profileResult.reason, t("profile.updateProfileFailed"));
      const key = errorKey(profileResult.reason);
      fieldInError = (key && FIELD_OF_KEY[key]) || null;
      // A refusal of one detail is said under it; the bar says the save failed.
      if (fieldInError) setErrors({ [fieldInError]: text });
      failures.push(fieldInError ? t("profile.updateProfileFailed") : text);
    }
    if (frequencyResult.status === "fulfilled" && frequencyResult.value) {
      const frequency = frequencyResult.value.frequency;
      utils.user.emailPreferences.setData(undefined, frequencyResult.value);
      // The section shows the saved choice at once; each group's `effective` follows it: read them again.
      utils.user.notificationPreferences.setData(undefined, (current) =>
        current ? { ...current, profileFrequency: frequency } : current,
      );
      void utils.user.notificationPreferences.invalidate();
      forget(sent, ["frequency"]);
    } else if (frequencyResult.status === "rejected") {
      failures.push(errorMessage(frequencyResult.reason, t("profile.updatePreferencesFailed")));
    }

    const profileSaved = profileResult.status === "fulfilled" && profileResult.value !== null;
    const frequencySaved = frequencyResult.status === "fulfilled" && frequencyResult.value !== null;
    const savedText =
      profileSaved && frequencySaved
        ? t("profile.savedBoth")
        : profileSaved
          ? t("profile.savedProfile")
          : frequencySaved
            ? t("profile.savedPreferences")
            : null;
    if (failures.length) {
      // What failed stays in the form, with its reason; what was saved says so.
      showNote({ tone: "failed", text: [savedText, ...failures].filter(Boolean).join(" ") });
      return fieldInError;
    }
    if (savedText) showNote({ tone: "saved", text: savedText });
    lastEdited.current?.focus();
    return null;
  }

  return (
    <ProfileEditsContext.Provider value={{ shown, changed, saving, errors, note, edit, save, cancel }}>
      {children}
    </ProfileEditsContext.Provider>
  );
}
