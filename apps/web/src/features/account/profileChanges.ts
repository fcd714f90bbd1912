import type { MessageKey } from "@hyn/validators/messages";
import { isValidPhone, stripMarkup, type EmailFrequency } from "@hyn/validators/rules";

export interface ProfileValues {
  name: string;
  phone: string;
  generalArea: string;
}

export interface SavedProfile {
  name: string;
  phone: string | null;
  generalArea: string | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, MessageKey>>;

/** What the profile's form holds (PRODUCT "Screens"): the details, whether the e-mail is hidden, the frequency. */
export interface ProfileForm extends ProfileValues {
  emailHidden: boolean;
  /** Null while the saved frequency is not loaded yet (nothing can be chosen then). */
  frequency: EmailFrequency | null;
}

/** What was typed or chosen and not saved; an absent key shows the saved value. */
export type ProfileDraft = Partial<ProfileForm>;

export const DETAIL_KEYS = ["name", "phone", "generalArea"] as const satisfies readonly (keyof ProfileValues)[];

/** The form's starting values for a saved profile. */
export function profileValuesOf(saved: SavedProfile): ProfileValues {
  return { name: saved.name, phone: saved.phone ?? "", generalArea: saved.generalArea ?? "" };
}

/** The profile as the server will store it (PRODUCT "What is checked": trimmed, markup stripped, empty is none). */
export function normalizeProfile(values: ProfileValues): SavedProfile {
  const optional = (v: string) => stripMarkup(v) || null;
  return { name: stripMarkup(values.name), phone: optional(values.phone), generalArea: optional(values.generalArea) };
}

/** True when saving would store something different from what is saved. */
export function profileDiffers(values: ProfileValues, saved: SavedProfile): boolean {
  const next = normalizeProfile(values);
  return (
    next.name !== saved.name || next.phone !== (saved.phone ?? null) || next.generalArea !== (saved.generalArea ?? null)
  );
}

/** The form's own checks (PRODUCT "What is checked"); an empty object means the profile may be sent. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const next = normalizeProfile(values);
  const errors: ProfileErrors = {};
  if (!next.name) errors.name = "nameRequired";
  if (next.phone && !isValidPhone(next.phone)) errors.phone = "enterValidPhone";
  return errors;
}

/**
 * The keys whose shown value differs from the saved one, as typed: what makes Cancel and Save appear
 * (PRODUCT "Screens"). A name typed back to what it was is no change; "Ann " for "Ann" is one, which
 * Save then answers with "No changes to save".
 */
export function changedKeys(draft: ProfileDraft, saved: ProfileForm): (keyof ProfileForm)[] {
  return (Object.keys(draft) as (keyof ProfileForm)[]).filter(
    (key) => draft[key] !== undefined && draft[key] !== saved[key],
  );
}

/**
 * What Save does with the form as shown: the form's errors, or what to send in one go: the profile (the
 * details and whether the e-mail is hidden, one call) when it would store something new, and the
 * frequency when it differs. Neither, and no errors: "No changes to save". The details are checked only
 * when they are sent: an account still without a name can save a frequency.
 */
export function planSave(
  shown: ProfileForm,
  saved: ProfileForm,
): {
  errors: ProfileErrors;
  profile: (SavedProfile & { emailHidden: boolean }) | null;
  frequency: EmailFrequency | null;
} {
  const sendProfile = profileDiffers(shown, normalizeProfile(saved)) || shown.emailHidden !== saved.emailHidden;
  const errors = sendProfile ? validateProfile(shown) : {};
  if (Object.keys(errors).length > 0) return { errors, profile: null, frequency: null };
  return {
    errors,
    profile: sendProfile ? { ...normalizeProfile(shown), emailHidden: shown.emailHidden } : null,
    frequency: shown.frequency !== saved.frequency ? shown.frequency : null,
  };
}
