import type { MessageKey } from "@hyn/validators/messages";
import { stripMarkup, type IfUnavailable } from "@hyn/validators/rules";
import { dateOf, type Time } from "../../lib/dates";
import { asksForPhone, checkAskFirstPhone } from "../requests/ask-first-phone";

// The "Edit repeating request" form's rules (issue 28 §2), pure, loaded with the form.

/** What the form holds: the texts as typed, the end date as an <input type="date"> holds it ("" until stopped). */
export interface SeriesEditValues {
  itemDescription: string;
  storePreference: string;
  pickupNotes: string;
  ifUnavailable: IfUnavailable;
  until: string;
  /** The end date the form opened with, so an untouched one is not sent again (a REST client's time of day stays). */
  untilAsLoaded: string;
  /** An end date before it is refused by the server; the form says so first. */
  firstNeededBy: Date;
  /** The phone asked for beside "Ask me first" while the profile has none (issue 43 §5). */
  phone: string;
}

export type SeriesEditErrors = Partial<Record<"itemDescription" | "phone" | "until", MessageKey>>;

export interface SeriesChanges {
  itemDescription: string;
  storePreference: string | null;
  pickupNotes: string | null;
  ifUnavailable: IfUnavailable;
  until?: Date | null;
  phone?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A day as an <input type="date"> value, in local time. */
function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The form's first values: what the series asks for now. */
export function editFromSeries(series: {
  itemDescription: string;
  storePreference: string | null;
  pickupNotes: string | null;
  ifUnavailable: IfUnavailable;
  until: Time | null;
  firstNeededBy: Time;
}): SeriesEditValues {
  const until = series.until ? toDateInput(dateOf(series.until)) : "";
  return {
    itemDescription: series.itemDescription,
    storePreference: series.storePreference ?? "",
    pickupNotes: series.pickupNotes ?? "",
    ifUnavailable: series.ifUnavailable,
    until,
    untilAsLoaded: until,
    firstNeededBy: dateOf(series.firstNeededBy),
    phone: "",
  };
}

/**
 * The form's own checks, with the server's texts; the server checks everything again. `endOfDay` reads a date input
 * as the end of that day (an occurrence needed on it still comes), null when it is no date.
 */
export function seriesChanges(
  values: SeriesEditValues,
  endOfDay: (value: string) => Date | null,
  profilePhone: string | null,
): { errors: SeriesEditErrors; changes: SeriesChanges | null } {
  const errors: SeriesEditErrors = {};
  const itemDescription = stripMarkup(values.itemDescription);
  if (itemDescription === "") errors.itemDescription = "itemDescriptionRequired";
  const phone = asksForPhone(values.ifUnavailable, profilePhone) ? checkAskFirstPhone(values.phone) : null;
  if (phone?.error) errors.phone = phone.error;
  const untilText = values.until.trim();
  const until = untilText === "" ? null : endOfDay(untilText);
  if (untilText !== "" && !until) errors.until = "repeatUntilNotADate";
  else if (until && until.getTime() < values.firstNeededBy.getTime()) errors.until = "repeatUntilBeforeFirst";
  if (Object.keys(errors).length > 0) return { errors, changes: null };
  const optional = (text: string) => stripMarkup(text) || null;
  return {
    errors,
    changes: {
      itemDescription,
      storePreference: optional(values.storePreference),
      pickupNotes: optional(values.pickupNotes),
      ifUnavailable: values.ifUnavailable,
      ...(untilText !== values.untilAsLoaded ? { until } : {}),
      ...(phone?.phone ? { phone: phone.phone } : {}),
    },
  };
}
