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

export interface SettingsPlan {
  errors: ProfileErrors;
  profile: SavedProfile | null;
  frequency: EmailFrequency | null;
}

/**
 * What one press of Save does: which of the two updates to send, or why nothing is sent.
 * The profile is checked only when it changed, so someone whose account has no name yet can
 * still change their e-mail preference.
 */
export function planSave(
  values: ProfileValues,
  saved: SavedProfile,
  frequency: EmailFrequency | undefined,
  savedFrequency: EmailFrequency | undefined,
): SettingsPlan {
  const profileChanged = profileDiffers(values, saved);
  const errors = profileChanged ? validateProfile(values) : {};
  return {
    errors,
    profile: profileChanged ? normalizeProfile(values) : null,
    frequency: frequency !== undefined && frequency !== savedFrequency ? frequency : null,
  };
}
