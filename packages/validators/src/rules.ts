import type { KeyedMessage, LimitKind } from "./messages";
import {
  LATEST_DATE_YEAR,
  MAX_NEEDED_BY_YEARS_AHEAD,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PAGE_LIMIT_MAX,
  REQUEST_NOTIFY_INTERVAL_MS,
} from "./policy";
/** Pure rules shared by server schemas and web forms; no zod here, so the web bundle stays small. */
// Written in policy.ts (the messages state them); re-exported where the forms and schemas look for them.
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PAGE_LIMIT_MAX };

/** Removes every HTML tag and any stray angle bracket, then trims (PRODUCT "What is checked": "stripped of markup"). */
export function stripMarkup(value: string): string {
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/[<>]/g, "")
    .trim();
}

/** Characters no address holds: invisible ones (control, format, line breaks), spaces, and RFC 5322's specials. */
const EMAIL_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Z}\s<>"()[\]\\,;:@]+$/u;
/** RFC 5321: the longest local part an SMTP server must take, in octets (UTF-8); a longer one is refused (501). */
const MAX_EMAIL_LOCAL_PART_OCTETS = 64;

/**
 * PRODUCT "What is checked": text, at-sign, text, dot, text; and nothing a mail system would refuse or a header could
 * be bent by: no control characters, spaces or `<>"()[]\,;:` (so no quoted local part, which SMTP servers refuse
 * as often as not), a local part of at most 64 octets, no empty domain label. Plus tags, dots, long top-level
 * domains and internationalised addresses (`用户@例子.广告`, SMTPUTF8) are addresses like any other.
 */
export function isEmail(value: string): boolean {
  const at = value.indexOf("@");
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  return (
    EMAIL_CHARACTERS.test(local) &&
    new TextEncoder().encode(local).length <= MAX_EMAIL_LOCAL_PART_OCTETS &&
    labels.length >= 2 &&
    labels.every((label) => EMAIL_CHARACTERS.test(label))
  );
}

/** PRODUCT "What is checked": an optional plus, then digits, spaces, hyphens or parentheses; at least 10 characters. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && value.length >= 10;
}

// The profile's frequencies live beside the group's (notification-kinds.ts); re-exported where forms look.
export { EMAIL_FREQUENCIES, type EmailFrequency } from "./notification-kinds";

export const FEEDBACK_SUBJECTS = [
  "Bug Report",
  "Feature Request",
  "General Feedback",
  "User Experience",
  "Technical Issue",
  "Other",
] as const;

/** A request's status (PRODUCT "How things change"): the stored values. */
export const REQUEST_STATUSES = ["open", "claimed", "fulfilled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/**
 * What the helper does if the item is not there (issue 28): leave it out, buy a similar one, or ask the
 * requester first (the helper then sees the requester's phone, if they gave one). A similar one is the default.
 */
export const IF_UNAVAILABLE_CHOICES = ["skip", "similar", "ask"] as const;
export type IfUnavailable = (typeof IF_UNAVAILABLE_CHOICES)[number];
export const IF_UNAVAILABLE_DEFAULT: IfUnavailable = "similar";
/** What a card shows: "expired" is an open request whose needed-by time has passed (computed, never stored). */
export const REQUEST_DISPLAY_STATUSES = ["open", "claimed", "fulfilled", "expired"] as const;
export type RequestDisplayStatus = (typeof REQUEST_DISPLAY_STATUSES)[number];
/** The list order of PRODUCT "How things change": open, claimed, fulfilled, expired (then earliest needed-by). */
export const REQUEST_DISPLAY_ORDER: Record<RequestDisplayStatus, number> = {
  open: 0,
  claimed: 1,
  fulfilled: 2,
  expired: 3,
};

/** When a request turns "expired": an open one at its needed-by time; any other never (null). */
export function expiryOf(status: RequestStatus, neededBy: Date): Date | null {
  return status === "open" ? neededBy : null;
}

export function requestDisplayStatus(status: RequestStatus, neededBy: Date, now: Date): RequestDisplayStatus {
  const expiry = expiryOf(status, neededBy);
  return expiry !== null && expiry.getTime() <= now.getTime() ? "expired" : status;
}

/** The fields of a request that decide who may act on it. */
export interface RequestPermissionFacts {
  userId: string;
  status: RequestStatus;
  neededBy: Date;
  claimedBy: string | null;
}

export interface RequestPermissions {
  /** "I can help": non-owners, on open requests that have not expired. */
  canClaim: boolean;
  /** The claimer, while claimed. */
  canUnclaim: boolean;
  canFulfill: boolean;
  /** The owner, unless fulfilled. */
  canDelete: boolean;
  /** The owner re-sends the posting notice while the request is open and not expired (at most hourly: `nextNotifyAt`). */
  canNotify: boolean;
}

/**
 * Who may do what to a request (docs/PRODUCT.md, "4. How things change"). The web shows its buttons by
 * it; the server's conditional updates (`packages/core/src/requests/permissions.ts`) are held against
 * it by a test of every status, actor and expiry.
 */
export function requestPermissions(request: RequestPermissionFacts, viewerId: string, now: Date): RequestPermissions {
  const isOwner = request.userId === viewerId;
  const open = requestDisplayStatus(request.status, request.neededBy, now) === "open";
  const claimedByViewer = request.status === "claimed" && request.claimedBy === viewerId;
  return {
    canClaim: !isOwner && open,
    canUnclaim: claimedByViewer,
    canFulfill: claimedByViewer,
    canDelete: isOwner && request.status !== "fulfilled",
    canNotify: isOwner && open,
  };
}

/**
 * Where the next page of a request list starts (ADR 0014): the time the first page was read, and the
 * last finished request shown, by its exact creation time (microseconds since the epoch) and id.
 */
export interface RequestCursor {
  asOf: Date;
  beforeMicros: string;
  beforeId: string;
}

/** The last millisecond of LATEST_DATE_YEAR: later, JavaScript and PostgreSQL do not write a date alike. */
export const LATEST_DATE_MS = Date.UTC(LATEST_DATE_YEAR + 1, 0, 1) - 1;
const CURSOR_PATTERN =
  /^(\d{1,15})\.(\d{1,15})(\d{3})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A cursor as it travels: `<asOf ms>.<created_at µs>.<id>`, plain enough for a URL as it is. */
export function encodeRequestCursor(cursor: RequestCursor): string {
  return `${cursor.asOf.getTime()}.${cursor.beforeMicros}.${cursor.beforeId}`;
}

/** Where a cursor continues from, whatever its first page's time: the same place gives the same text. */
export function requestCursorPosition(text: string): string {
  return text.slice(text.indexOf(".") + 1);
}

export function decodeRequestCursor(text: string): RequestCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const [, asOfMs, beforeMs, subMs, beforeId] = match as unknown as [string, string, string, string, string];
  if (Number(asOfMs) > LATEST_DATE_MS || Number(beforeMs) > LATEST_DATE_MS) return null;
  return { asOf: new Date(Number(asOfMs)), beforeMicros: `${Number(beforeMs)}${subMs}`, beforeId };
}

/**
 * A request list's first answer holds every active request and at most this many finished ones
 * (fulfilled or expired), the most recently posted; "Show earlier" loads this many more at a time.
 */
export const FINISHED_REQUESTS_PER_PAGE = 10;
/** REST's `?limit=`: finished requests per page by default (at most PAGE_LIMIT_MAX). */
export const PAGE_LIMIT_DEFAULT = 50;

/**
 * A date and time as an API call writes it: ISO 8601, `2027-06-14T15:30:00Z` (a space for the `T`, an
 * offset for the `Z`, seconds and their fraction optional; without an offset, the server's local time,
 * as JavaScript reads it; a date alone is midnight UTC). A year may have more than four digits, or a
 * sign and six, as JavaScript writes far years.
 */
const ISO_DATE_TIME =
  /^([+-]\d{6}|\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** What a written date and time is: a Date, or what is wrong with it. */
export type DateTimeReading = { date: Date } | { problem: "not-a-date" | "not-real" | "beyond-range" };

const daysInMonth = (year: number, month: number) =>
  [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][
    month - 1
  ]!;

/**
 * Reads a date and time strictly. JavaScript's own parser rolls an impossible date over
 * (`2027-02-30` is 2 March) and takes anything it can guess at ("1" is 2001); this refuses both:
 * "not-a-date" for text that is not written as above, "not-real" for a day, hour or offset that does
 * not exist, "beyond-range" for a year no Date can hold (beyond ±275,760).
 */
export function readDateTime(text: string): DateTimeReading {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return { problem: "not-a-date" };
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction, offset] = match;
  const [year, month, day, hour, minute, second] = [
    yearText,
    monthText,
    dayText,
    hourText ?? "0",
    minuteText ?? "0",
    secondText ?? "0",
  ].map(Number) as [number, number, number, number, number, number];
  const millisecond = Math.floor(Number(`0.${fraction ?? "0"}`) * 1000);
  // 24:00 is the end of a day (ISO 8601); 24:00:01 is nothing.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && millisecond === 0;
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    (hour > 23 && !endOfDay) ||
    minute > 59 ||
    second > 59
  )
    return { problem: "not-real" };
  const date = new Date(0);
  if (offset === undefined && hourText !== undefined) {
    date.setFullYear(year, month - 1, day);
    date.setHours(hour, minute, second, millisecond);
  } else {
    const [, sign, offsetHours, offsetMinutes] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset ?? "") ?? [];
    if (Number(offsetHours ?? 0) > 23 || Number(offsetMinutes ?? 0) > 59) return { problem: "not-real" };
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(
      hour,
      minute - (sign === "-" ? -1 : 1) * (Number(offsetHours ?? 0) * 60 + Number(offsetMinutes ?? 0)),
      second,
      millisecond,
    );
  }
  return Number.isNaN(date.getTime()) ? { problem: "beyond-range" } : { date };
}

/** PRODUCT "What is checked": a needed-by time up to 5 seconds in the past is still accepted (the form's clock vs the server's). */
export const NEEDED_BY_TOLERANCE_MS = 5_000;
export function latestNeededBy(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_NEEDED_BY_YEARS_AHEAD);
  return latest;
}
/** When the owner may notify the group again: an hour after the last notice (posting sends one). */
export function nextNotifyAt(lastNotifiedAt: Date | null): Date {
  return new Date((lastNotifiedAt?.getTime() ?? 0) + REQUEST_NOTIFY_INTERVAL_MS);
}

/** PRODUCT "Screens": the needed-by picker's minimum is the start of tomorrow (local time). */
export function startOfTomorrow(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

/** What live updates announce about a request. */
export const REQUEST_EVENT_TYPES = [
  "request.created",
  "request.claimed",
  "request.unclaimed",
  "request.fulfilled",
  "request.thanked",
  "request.deleted",
  // A repeating request's occurrence its requester skipped (issue 43 §2): gone, but not "deleted".
  "request.skipped",
  // A repeating request's series changed what its occurrence shows (issue 28 §2): taken, let go, edited, stopped.
  "request.changed",
] as const;
export type RequestEventType = (typeof REQUEST_EVENT_TYPES)[number];

/** A person's limits and counts as the limit rules read them (the API's usage). */
export interface LimitsRead {
  maxOpenRequests: number;
  maxGroupsCreated: number;
  maxGroupsJoined: number;
}
export interface CountsRead {
  openRequestsCount: number;
  groupsCreatedCount: number;
  groupsJoinedCount: number;
}

/*
 * The limit rules (PRODUCT "Limits"), written once: the server refuses with them (under the user's
 * limits lock) and answers can-create/can-join with them; the web says why a button is disabled with
 * them. Each returns the refusal as a keyed message (ADR 0020: each reader writes it in its language),
 * or null when the action is allowed.
 */

const limitReached = (kind: LimitKind, max: number, current: number): KeyedMessage => ({
  key: "limitReached",
  values: { kind, max, current },
});

export function groupCreationRefusal(
  limits: Pick<LimitsRead, "maxGroupsCreated">,
  counts: Pick<CountsRead, "groupsCreatedCount">,
): KeyedMessage | null {
  return counts.groupsCreatedCount >= limits.maxGroupsCreated
    ? limitReached("groups", limits.maxGroupsCreated, counts.groupsCreatedCount)
    : null;
}

export function groupJoinRefusal(
  limits: Pick<LimitsRead, "maxGroupsJoined">,
  counts: Pick<CountsRead, "groupsJoinedCount">,
): KeyedMessage | null {
  return counts.groupsJoinedCount >= limits.maxGroupsJoined
    ? limitReached("groups joined", limits.maxGroupsJoined, counts.groupsJoinedCount)
    : null;
}

/** PRODUCT "Limits": fewer open requests than the limit; an open request counts until claimed or deleted, whatever its needed-by. */
export function openRequestLimitRefusal(
  limits: Pick<LimitsRead, "maxOpenRequests">,
  counts: Pick<CountsRead, "openRequestsCount">,
): KeyedMessage | null {
  return counts.openRequestsCount >= limits.maxOpenRequests
    ? limitReached("open requests", limits.maxOpenRequests, counts.openRequestsCount)
    : null;
}

/** PRODUCT "Limits": posting needs the open count below its limit and at least one group (owned or joined). */
export function requestCreationRefusal(
  limits: Pick<LimitsRead, "maxOpenRequests">,
  counts: Pick<CountsRead, "openRequestsCount">,
  groupCount: number,
): KeyedMessage | null {
  return openRequestLimitRefusal(limits, counts) ?? (groupCount === 0 ? { key: "requestNeedsGroup" } : null);
}

/**
 * A count above its limit (an unclaim reopens a request, an admin lowers a limit), said plainly: the
 * can-create answers and the web's usage bars. Null at or below the limit.
 */
export function overLimitNote(kind: LimitKind, max: number, current: number): KeyedMessage | null {
  return current > max ? { key: "overLimit", values: { kind, max, current } } : null;
}

/** The invite form's addresses as pasted, address-book forms too (issue 43). */
export { splitAddresses } from "./address-list";

/** How often a repeating request comes back (issue 28 §2): every week, every 2 weeks, every month. */
export const REPEAT_EVERY = ["week", "2weeks", "month"] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

/**
 * Trips (issue 28, ADR 0022). A trip's status as read: "open" (taking items), "closed" (its list closed by
 * the tripper or by its closing time: the tripper shops), "cancelled". Only "open" and "cancelled" and an
 * explicit close are stored; the closing time is applied on every read.
 */
export const TRIP_STATUSES = ["open", "closed", "cancelled"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
/** How often a trip repeats; only weekly for now. */
export const TRIP_REPEAT_EVERY = ["week"] as const;
/** The tripper's tick on the shopping list: not yet looked for, got it, or not there. */
export const TRIP_ITEM_MARKS = ["pending", "got", "not_there"] as const;
export type TripItemMark = (typeof TRIP_ITEM_MARKS)[number];

/** The trip's status as read at `now` (a stored "open" whose closing time has passed is "closed"). */
export function tripStatusAt(stored: TripStatus, closesAt: Date, now: Date): TripStatus {
  return stored === "open" && now.getTime() >= closesAt.getTime() ? "closed" : stored;
}

/** A store name as compared with a request's store preference: case- and space-insensitive. */
export function storeKey(store: string): string {
  return store.toLowerCase().replace(/\s+/g, "");
}
