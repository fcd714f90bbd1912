import type { MessageKey } from "@hyn/validators/messages";
import { isValidPhone, stripMarkup } from "@hyn/validators/rules";

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

/**
 * What leaving a field does (the profile saves each field as it is left, PRODUCT "Screens"): the profile
 * to send, with that field's new value over what is saved; or the field's error; or neither, when it
 * would store what is already stored.
 */
export function planFieldSave(
  saved: SavedProfile,
  key: keyof ProfileValues,
  value: string,
): { error: MessageKey | null; profile: SavedProfile | null } {
  const values = { ...profileValuesOf(saved), [key]: value };
  if (!profileDiffers(values, saved)) return { error: null, profile: null };
  const error = validateProfile(values)[key] ?? null;
  return error ? { error, profile: null } : { error: null, profile: normalizeProfile(values) };
}
