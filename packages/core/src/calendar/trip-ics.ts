import { serverTranslator } from "@hyn/i18n/server";
import { localeOf } from "../shared/locale";
import { TRIP_REMINDER_LEAD_MINUTES } from "@hyn/validators/policy";
import type { Trip } from "@hyn/validators";
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";
import type { Locale } from "@hyn/validators/locales";
import { MINUTE_MS } from "../shared/clock";
import { PRODUCT_NAME, type CoreConfig } from "../shared/config";
import { CALENDAR_CONTENT_TYPE, CALENDAR_EVENT_MINUTES } from "./ics";

/** `trip-<id>@<host of APP_URL>`: one event per trip, updated in place. */
export function tripEventUid(tripId: string, appUrl: string): string {
  return `trip-${tripId}@${new URL(appUrl).hostname}`;
}

/**
 * A trip as a calendar event (issue 28): at its leaving time, with a display alarm
 * TRIP_REMINDER_LEAD_MINUTES before (the reminder before leaving); cancelled when the trip is.
 */
export function renderTripCalendar(config: CoreConfig, trip: Trip, locale: string) {
  const lang = localeOf(locale);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Trips", language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  });
  addTripEvent(calendar, config.appUrl, trip, lang);
  return { filename: `trip-${trip.id}.ics`, contentType: CALENDAR_CONTENT_TYPE, content: calendar.toString() };
}

/** The trip's event, the same in its own file and in the tripper's personal feed (one UID: updated in place). */
export function addTripEvent(calendar: ICalCalendar, appUrl: string, trip: Trip, locale: Locale): void {
  const t = serverTranslator(locale);
  const url = `${appUrl}/trips/${trip.id}`;
  const event = calendar.createEvent({
    id: tripEventUid(trip.id, appUrl),
    start: trip.departsAt,
    end: new Date(trip.departsAt.getTime() + CALENDAR_EVENT_MINUTES * MINUTE_MS),
    status: trip.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: t("calendar.trip", { store: trip.store }),
    description: [
      t("calendar.trip", { store: trip.store }),
      ...(trip.note ? [t("calendar.tripNote", { note: trip.note })] : []),
      t("calendar.tripItems", { count: trip.itemCount }),
      "",
      url,
    ].join("\n"),
    url,
  });
  event.createAlarm({
    type: ICalAlarmType.display,
    trigger: TRIP_REMINDER_LEAD_MINUTES * 60,
    description: t("calendar.tripReminder", { store: trip.store }),
  });
}
