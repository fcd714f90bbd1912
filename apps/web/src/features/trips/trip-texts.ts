import type { IfUnavailable } from "@hyn/validators/rules";
import type { Translate } from "../../i18n/useT";
import { dateOf, formatWeekdayTime } from "../../lib/dates";
import type { Trip, TripItem } from "./types";

/** The add-item form's choices, in the order they are offered ("A similar one is fine" is the default). */
export const IF_UNAVAILABLE_LABELS = {
  skip: "trips.ifSkip",
  similar: "trips.ifSimilar",
  ask: "trips.ifAsk",
} as const satisfies Record<IfUnavailable, Parameters<Translate>[0]>;

/** An item's if-not-there rule as the shopping list says it: "If not there: ask first, 0151 234". */
export function ifRuleText(t: Translate, item: Pick<TripItem, "ifUnavailable" | "requesterPhone">): string {
  const rule =
    item.ifUnavailable === "skip"
      ? t("trips.ruleSkip")
      : item.ifUnavailable === "ask"
        ? item.requesterPhone
          ? t("trips.ruleAskPhone", { phone: item.requesterPhone })
          : t("trips.ruleAsk")
        : t("trips.ruleSimilar");
  return t("trips.ifRule", { rule });
}

const twoDigits = (n: number) => String(n).padStart(2, "0");
/** "08:00": a closing time on the day the trip leaves needs no date. */
const clockOf = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** When the list closes, as short as it can be said next to the leaving time. */
export function closesText(trip: Pick<Trip, "closesAt" | "departsAt">, now: Date): string {
  const closesAt = dateOf(trip.closesAt);
  return sameDay(closesAt, dateOf(trip.departsAt)) ? clockOf(closesAt) : formatWeekdayTime(closesAt, now);
}

export const personName = (t: Translate, name: string) => name.trim() || t("trips.aNeighbour");

/** An open trip at its cap (issue 43 §3): it takes no more, so it says "Full" and offers no form. */
export const isFull = (trip: Pick<Trip, "status" | "maxItems" | "itemCount">): boolean =>
  trip.status === "open" && trip.maxItems !== null && trip.itemCount >= trip.maxItems;

/** "Taking items" / "Full" / "List closed" / "Cancelled"; nothing for a status a newer server added (issue 40). */
export function statusText(t: Translate, status: Trip["status"], full = false): string {
  return status === "open"
    ? full
      ? t("trips.statusFull")
      : t("trips.statusOpen")
    : status === "closed"
      ? t("trips.statusClosed")
      : status === "cancelled"
        ? t("trips.statusCancelled")
        : "";
}
