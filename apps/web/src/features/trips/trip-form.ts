import type { ErrorKey, MessageKey } from "@hyn/validators/messages";
import { TRIP_DEFAULT_CLOSE_LEAD_MINUTES } from "@hyn/validators/policy";
import { stripMarkup } from "@hyn/validators/rules";
import { parseDateTimeLocal } from "../requests/request-form";

/** The announce form as typed: dates as their datetime-local inputs hold them. */
export interface TripFormValues {
  store: string;
  departsAt: string;
  closesAt: string;
  groupIds: string[];
  note: string;
  maxItems: string;
  repeatWeekly: boolean;
}

export type TripField = "store" | "departsAt" | "closesAt" | "groupIds" | "maxItems" | "note";
export type TripFormErrors = Partial<Record<TripField, MessageKey>>;

export interface TripFormInput {
  store: string;
  departsAt: Date;
  closesAt: Date | null;
  groupIds: string[];
  note: string | null;
  maxItems: number | null;
  repeat: { every: "week" } | null;
}

/**
 * The server's refusals that belong to one field, by message key (ADR 0020): said under that field, with
 * everything typed kept; any other refusal is a toast.
 */
export const TRIP_FIELD_OF_KEY: Partial<Record<ErrorKey, TripField>> = {
  tripStoreRequired: "store",
  tripStoreTooLong: "store",
  tripDepartsAtRequired: "departsAt",
  tripDepartsAtNotADate: "departsAt",
  tripDepartsAtPast: "departsAt",
  tripDepartsAtTooFar: "departsAt",
  tripClosesAtNotADate: "closesAt",
  tripClosesAtAfterDeparts: "closesAt",
  tripClosesAtPast: "closesAt",
  tripGroupsRequired: "groupIds",
  notMember: "groupIds",
  tripMaxItemsInvalid: "maxItems",
};

/** When the list closes if the tripper leaves it empty: TRIP_DEFAULT_CLOSE_LEAD_MINUTES before leaving. */
export function defaultClosesAt(departsAt: Date): Date {
  return new Date(departsAt.getTime() - TRIP_DEFAULT_CLOSE_LEAD_MINUTES * 60_000);
}

/**
 * The form's own checks (empty fields, the list closing after leaving); the server checks everything again
 * (in the future, within 60 days) and its keyed refusals land on their fields too.
 */
export function validateTripForm(values: TripFormValues): { errors: TripFormErrors; input: TripFormInput | null } {
  const errors: TripFormErrors = {};
  const store = stripMarkup(values.store);
  if (store === "") errors.store = "tripStoreRequired";
  if (values.groupIds.length === 0) errors.groupIds = "tripGroupsRequired";
  const departsAt = parseDateTimeLocal(values.departsAt);
  if (values.departsAt.trim() === "") errors.departsAt = "tripDepartsAtRequired";
  else if (!departsAt) errors.departsAt = "tripDepartsAtNotADate";
  const closesAt = values.closesAt.trim() === "" ? null : parseDateTimeLocal(values.closesAt);
  if (values.closesAt.trim() !== "" && !closesAt) errors.closesAt = "tripClosesAtNotADate";
  else if (closesAt && departsAt && closesAt.getTime() > departsAt.getTime())
    errors.closesAt = "tripClosesAtAfterDeparts";
  let maxItems: number | null = null;
  if (values.maxItems.trim() !== "") {
    maxItems = Number(values.maxItems);
    if (!Number.isInteger(maxItems) || maxItems < 1) errors.maxItems = "tripMaxItemsInvalid";
  }
  if (Object.keys(errors).length > 0 || !departsAt) return { errors, input: null };
  const note = stripMarkup(values.note);
  return {
    errors,
    input: {
      store,
      departsAt,
      closesAt,
      groupIds: values.groupIds,
      note: note === "" ? null : note,
      maxItems,
      repeat: values.repeatWeekly ? { every: "week" } : null,
    },
  };
}
