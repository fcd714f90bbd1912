import { messages } from "@hyn/validators/messages";
import {
  latestNeededBy,
  REQUEST_DISPLAY_ORDER,
  requestDisplayStatus,
  startOfTomorrow,
  stripMarkup,
  type RequestDisplayStatus,
  type RequestStatus,
} from "@hyn/validators/rules";
import { formatWeekdayTime } from "../../lib/dates";
import { translate } from "../../i18n/useT";

/** The fields of a request that the rules below read (a RequestView has them all). */
export interface RequestFacts {
  id: string;
  userId: string;
  status: RequestStatus;
  neededBy: Date;
  claimedBy: string | null;
  createdAt: Date;
}

/** How a person is named on a card: their name, else "A neighbour" (in the current language). */
export const personName = (name: string) => name.trim() || translate("requests.aNeighbour");

/** SPEC §4: "expired" is an open request whose needed-by time has passed, judged again on every render. */
export function displayStatusOf(request: Pick<RequestFacts, "status" | "neededBy">, now: Date): RequestDisplayStatus {
  return requestDisplayStatus(request.status, request.neededBy, now);
}

/**
 * SPEC §4 list order: open, claimed, fulfilled, expired, then earliest needed-by; ties as the server
 * breaks them (created, then id), so a list the server sorted keeps its order until something expires.
 */
export function sortRequests<T extends RequestFacts>(list: readonly T[], now: Date): T[] {
  return [...list].sort(
    (a, b) =>
      REQUEST_DISPLAY_ORDER[displayStatusOf(a, now)] - REQUEST_DISPLAY_ORDER[displayStatusOf(b, now)] ||
      a.neededBy.getTime() - b.neededBy.getTime() ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** When the next open request in these lists expires (so the page can re-render right then), or null. */
export function nextExpiry(lists: readonly (readonly RequestFacts[])[], now: Date): Date | null {
  let next: number | null = null;
  for (const list of lists) {
    for (const request of list) {
      const at = request.neededBy.getTime();
      if (request.status === "open" && at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next === null ? null : new Date(next);
}

export interface RequestPermissions {
  /** "I can help": non-owners, on open requests that have not expired (SPEC §2). */
  canClaim: boolean;
  /** The claimer, while claimed (SPEC §4). */
  canUnclaim: boolean;
  canFulfill: boolean;
  /** The owner, unless fulfilled (SPEC §4). */
  canDelete: boolean;
  /** The owner re-sends the posting notice while the request is open and not expired. */
  canNotify: boolean;
}

export function requestPermissions(request: RequestFacts, viewerId: string, now: Date): RequestPermissions {
  const isOwner = request.userId === viewerId;
  const open = displayStatusOf(request, now) === "open";
  const claimedByViewer = request.status === "claimed" && request.claimedBy === viewerId;
  return {
    canClaim: !isOwner && open,
    canUnclaim: claimedByViewer,
    canFulfill: claimedByViewer,
    canDelete: isOwner && request.status !== "fulfilled",
    canNotify: isOwner && open,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as an <input type="datetime-local"> value, "YYYY-MM-DDTHH:mm" in local time. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The reverse, in local time; null for anything that is not a real date and time. */
export function parseDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // new Date rolls 31 February over into March; a value that rolled over was not a real date.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day || date.getHours() !== hours) return null;
  return date;
}

/** SPEC §5 / §9: the needed-by picker starts at the start of tomorrow, local time. */
export function neededByPickerMin(now: Date): string {
  return toDateTimeLocal(startOfTomorrow(now));
}

export interface RequestFormValues {
  itemDescription: string;
  groupId: string;
  /** As the datetime-local input holds it. */
  neededBy: string;
  storePreference: string;
  pickupNotes: string;
}

export type RequestFormErrors = Partial<Record<"itemDescription" | "groupId" | "neededBy", string>>;

export interface RequestFormInput {
  itemDescription: string;
  groupId: string;
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
}

/**
 * The form's own checks, with the spec's client texts (SPEC §5). The server checks everything again;
 * its messages are shown as they come.
 */
export function validateRequestForm(values: RequestFormValues, now: Date): { errors: RequestFormErrors; input: RequestFormInput | null } {
  const errors: RequestFormErrors = {};
  const itemDescription = stripMarkup(values.itemDescription);
  if (itemDescription === "") errors.itemDescription = messages.itemDescriptionRequired;
  if (values.groupId.trim() === "") errors.groupId = messages.selectGroup;
  const neededBy = parseDateTimeLocal(values.neededBy);
  if (values.neededBy.trim() === "" || !neededBy) errors.neededBy = messages.neededByRequired;
  else if (neededBy.getTime() <= now.getTime()) errors.neededBy = messages.neededByFutureForm;
  else if (neededBy.getTime() > latestNeededBy(now).getTime()) errors.neededBy = messages.neededByTooFar;
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
    },
  };
}

/**
 * A needed-by time people read at a glance: "Sat 14 Jun, 18:00", with the year only when it is not
 * this year, in the browser's time zone.
 */
export function formatNeededBy(date: Date, now: Date): string {
  return formatWeekdayTime(date, now);
}

/** The difference between the server's clock and this browser's, from a response and when it arrived. */
export function clockOffsetMs(serverTime: Date, receivedAtMs: number): number {
  return serverTime.getTime() - receivedAtMs;
}
