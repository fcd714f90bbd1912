import type { MessageKey } from "@hyn/validators/messages";
import {
  latestNeededBy,
  startOfTomorrow,
  stripMarkup,
  type IfUnavailable,
  type RepeatEvery,
} from "@hyn/validators/rules";
import { asksForPhone, checkAskFirstPhone } from "./ask-first-phone";

// The Create Request form's rules: apart from request-rules.ts, so that they load with the form and
// not with the dashboard (ADR 0011's budget).

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as an <input type="datetime-local"> value, "YYYY-MM-DDTHH:mm" in local time. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The reverse, in local time; null for anything that is not a real date and time. */
export function parseDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date rolls 31 February over into March; a value that rolled over was not a real date.
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== month - 1 ||
    date.getDate() !== day ||
    date.getHours() !== hours
  )
    return null;
  return date;
}

/** PRODUCT "Screens": the needed-by picker starts at the start of tomorrow, local time. */
export function neededByPickerMin(now: Date): string {
  return toDateTimeLocal(startOfTomorrow(now));
}

/** The hour a new request's needed-by starts at, tomorrow: an evening, when most errands are done. */
export const DEFAULT_NEEDED_BY_HOUR = 18;

/** The needed-by field's first value: tomorrow at DEFAULT_NEEDED_BY_HOUR, local time (issue 30). */
export function defaultNeededBy(now: Date): string {
  const tomorrow = startOfTomorrow(now);
  tomorrow.setHours(DEFAULT_NEEDED_BY_HOUR);
  return toDateTimeLocal(tomorrow);
}

export interface RequestFormValues {
  itemDescription: string;
  groupId: string;
  /** As the datetime-local input holds it. */
  neededBy: string;
  storePreference: string;
  pickupNotes: string;
  ifUnavailable: IfUnavailable;
  /** The Repeat choice (issue 28 §2): "never", or how often it comes back. */
  repeatEvery: "never" | RepeatEvery;
  /** The optional last day, as an <input type="date"> holds it ("YYYY-MM-DD"); "" until stopped. */
  repeatUntil: string;
  /** "For" (issue 42 §1): "" for myself, else a neighbour without the app of the chosen group. */
  onBehalfOf?: string;
  /** The phone asked for beside "Ask me first" while the profile has none (issue 43 §5). */
  phone?: string;
}

export type RequestFormErrors = Partial<
  Record<"itemDescription" | "groupId" | "neededBy" | "phone" | "repeatUntil", MessageKey>
>;

/** The end of a chosen day in local time (an occurrence needed on that day still comes); null if not a date. */
export function endOfDateInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export interface RequestFormInput {
  itemDescription: string;
  groupId: string;
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
  ifUnavailable: IfUnavailable;
  repeat: { every: RepeatEvery; until: Date | null } | null;
  /** Posted for a neighbour without the app; such a request does not repeat. */
  onBehalfOf?: string;
  /** "Ask me first" from a profile without a phone: the number, saved to the profile with the post. */
  phone?: string;
}

/**
 * The form's own checks, with the spec's client texts (PRODUCT "What is checked"). The server checks everything again;
 * its messages are shown as they come.
 */
export function validateRequestForm(
  values: RequestFormValues,
  now: Date,
  profilePhone: string | null,
): { errors: RequestFormErrors; input: RequestFormInput | null } {
  const errors: RequestFormErrors = {};
  const itemDescription = stripMarkup(values.itemDescription);
  if (itemDescription === "") errors.itemDescription = "itemDescriptionRequired";
  if (values.groupId.trim() === "") errors.groupId = "selectGroup";
  const neededBy = parseDateTimeLocal(values.neededBy);
  if (values.neededBy.trim() === "" || !neededBy) errors.neededBy = "neededByRequired";
  else if (neededBy.getTime() <= now.getTime()) errors.neededBy = "neededByFutureForm";
  else if (neededBy.getTime() > latestNeededBy(now).getTime()) errors.neededBy = "neededByTooFar";
  const phone = asksForPhone(values.ifUnavailable, profilePhone, Boolean(values.onBehalfOf))
    ? checkAskFirstPhone(values.phone ?? "")
    : null;
  if (phone?.error) errors.phone = phone.error;
  const until =
    values.repeatEvery !== "never" && values.repeatUntil.trim() !== "" ? endOfDateInput(values.repeatUntil) : null;
  if (values.repeatEvery !== "never" && values.repeatUntil.trim() !== "") {
    if (!until) errors.repeatUntil = "repeatUntilNotADate";
    else if (neededBy && until.getTime() < neededBy.getTime()) errors.repeatUntil = "repeatUntilBeforeFirst";
  }
  if (Object.keys(errors).length > 0 || !neededBy) return { errors, input: null };
  const optional = (text: string) => {
    const cleaned = stripMarkup(text);
    return cleaned === "" ? null : cleaned;
  };
  return {
    errors,
    input: {
      itemDescription,
      groupId: values.groupId,
      neededBy,
      storePreference: optional(values.storePreference),
      pickupNotes: optional(values.pickupNotes),
      ifUnavailable: values.ifUnavailable,
      repeat: values.repeatEvery === "never" ? null : { every: values.repeatEvery, until },
      ...(values.onBehalfOf ? { onBehalfOf: values.onBehalfOf, repeat: null } : {}),
      ...(phone?.phone ? { phone: phone.phone } : {}),
    },
  };
}
