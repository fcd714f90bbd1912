import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";
import { MINUTE_MS } from "../shared/clock";
import { serverTranslator, type ServerTranslate } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../shared/config";
import type { IfUnavailable } from "@hyn/validators/rules";

/** One request as a calendar event, from one reader's point of view. */
export interface CalendarEntry {
  id: string;
  itemDescription: string;
  groupName: string;
  requesterId: string;
  /** As the reader sees them (name, else address within a shared group, else ""). */
  requesterName: string;
  helperName: string | null;
  claimedBy: string | null;
  status: "open" | "claimed" | "fulfilled" | "expired";
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
  /** What the helper does if the item is not there (issue 28); null when nobody chose (posted before the choice existed). */
  ifUnavailable: IfUnavailable | null;
  /** Grows with every change of status or helper: the event's SEQUENCE. */
  revision: number;
  /** `${APP_URL}/?request=<id>` (requestUrl). */
  url: string;
}

/**
 * The event sits at the needed-by time with this length: the moment the item is due, long enough to
 * show as a block in a day view. The needed-by time is a deadline, so it starts there rather than ending there.
 */
export const CALENDAR_EVENT_MINUTES = 15;

/** What the reader's calendar should show: their commitment is on, tentative, or off. */
export function eventStatusFor(
  entry: Pick<CalendarEntry, "status" | "requesterId" | "claimedBy" | "neededBy">,
  readerId: string,
  now: Date,
): ICalEventStatus {
  const active = entry.status === "claimed" || entry.status === "fulfilled";
  // The helper's commitment holds while the request is theirs; once unclaimed (by them or by their
  // departure) or taken by someone else, it is off for them.
  if (entry.claimedBy === readerId && active) return ICalEventStatus.CONFIRMED;
  if (entry.requesterId === readerId) {
    if (active) return ICalEventStatus.CONFIRMED;
    // Open and still in time: a helper may yet come. Past its needed-by with nobody: it will not happen.
    if (entry.status === "open" && entry.neededBy.getTime() > now.getTime()) return ICalEventStatus.TENTATIVE;
  }
  return ICalEventStatus.CANCELLED;
}

/** Summaries are one line whatever was stored; descriptions keep the stored text, line breaks included. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function summaryOf(entry: CalendarEntry, readerId: string, t: ServerTranslate): string {
  const item = oneLine(entry.itemDescription);
  if (entry.requesterId === readerId) return t("calendar.yourRequest", { item });
  return t("calendar.helpWith", { requester: oneLine(entry.requesterName) || t("calendar.aNeighbour"), item });
}

function descriptionOf(entry: CalendarEntry, t: ServerTranslate): string {
  return [
    entry.itemDescription,
    "",
    t("calendar.group", { group: entry.groupName }),
    t("calendar.requestedBy", { name: entry.requesterName || t("calendar.ANeighbour") }),
    ...(entry.helperName !== null && entry.claimedBy
      ? [t("calendar.helper", { name: entry.helperName || t("calendar.ANeighbour") })]
      : []),
    ...(entry.storePreference ? [t("calendar.storePreference", { store: entry.storePreference })] : []),
    ...(entry.pickupNotes ? [t("calendar.pickupNotes", { notes: entry.pickupNotes })] : []),
    ...(entry.ifUnavailable ? [t("calendar.ifUnavailable", { choice: entry.ifUnavailable })] : []),
    "",
    entry.url,
  ].join("\n");
}

/** `request-<id>@<host of APP_URL>`: the same for every copy of one request, so calendars update it in place. */
export function eventUid(requestId: string, appUrl: string): string {
  return `request-${requestId}@${new URL(appUrl).hostname}`;
}

export interface CalendarOptions {
  appUrl: string;
  readerId: string;
  now: Date;
  /** The feed's title in calendar apps; absent for a single event's file. */
  name?: string;
  /** The reader's language (their account's `locale`): summaries and descriptions are written in it. */
  locale: Locale;
}

/**
 * An iCalendar (RFC 5545) document of `entries`, written by ical-generator, which escapes every text
 * value (commas, semicolons, backslashes, line breaks) and folds long lines. METHOD:PUBLISH: the file
 * informs, it asks no one to reply.
 */
export function renderCalendar(entries: CalendarEntry[], options: CalendarOptions): string {
  return requestsCalendar(entries, options).toString();
}

/** The calendar of renderCalendar, before it is written out: the personal feed adds the reader's trips to it. */
export function requestsCalendar(entries: CalendarEntry[], options: CalendarOptions): ICalCalendar {
  const t = serverTranslator(options.locale);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: "Requests", language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name ? { name: options.name } : {}),
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: eventUid(entry.id, options.appUrl),
      sequence: entry.revision,
      stamp: options.now,
      start: entry.neededBy,
      end: new Date(entry.neededBy.getTime() + CALENDAR_EVENT_MINUTES * MINUTE_MS),
      status: eventStatusFor(entry, options.readerId, options.now),
      summary: summaryOf(entry, options.readerId, t),
      description: descriptionOf(entry, t),
      url: entry.url,
    });
  }
  return calendar;
}

/** Long enough to tell items apart in a downloads list, short enough for any file system. */
const CALENDAR_FILENAME_MAX_CHARACTERS = 60;

/**
 * The file name a single request's calendar file downloads as: the item ("Two pints of milk.ics"), as a
 * person finds it in their downloads (issue 30), without the characters file systems refuse.
 */
export function requestCalendarFilename(itemDescription: string): string {
  const name = Array.from(
    itemDescription
      .replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )
    .slice(0, CALENDAR_FILENAME_MAX_CHARACTERS)
    .join("")
    .replace(/[.\s]+$/, "");
  return `${name || "request"}.ics`;
}

/** The Content-Type of every calendar this app serves or attaches. */
export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
/** In an e-mail, the method is named in the type too (RFC 6047). */
export const CALENDAR_ATTACHMENT_TYPE = `${CALENDAR_CONTENT_TYPE}; method=PUBLISH`;
