import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import {
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_PICKUP_NOTES_LENGTH,
  MAX_TRIP_ITEM_QUANTITY,
  MAX_TRIP_ITEMS,
  MAX_TRIP_NOTE_LENGTH,
  MAX_TRIP_STORE_LENGTH,
  MAX_TRIP_TAKE,
} from "./policy";
import { ifUnavailableInput, requestOutput, requestUserOutput } from "./requests";
import { askFirstPhoneInput } from "./accounts";
import { dateTimeField } from "./date-time-field";
import { stripMarkup, TRIP_ITEM_MARKS, TRIP_REPEAT_EVERY, TRIP_STATUSES } from "./rules";
import { exactInputString, inputString, optionalCleanText } from "./text";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A trip's id; a malformed one names no trip the caller can see. */
const tripIdField = exactInputString({ error: messages.tripNotFound }).regex(UUID_PATTERN, messages.tripNotFound);
const itemRequestIdField = exactInputString({ error: messages.tripItemNotFound }).regex(
  UUID_PATTERN,
  messages.tripItemNotFound,
);

/** `repeat: { every: "week" }` makes a weekly trip; absent or null, a single one. */
export const tripRepeatInput = z
  .object(
    { every: z.enum(TRIP_REPEAT_EVERY, { error: messages.tripRepeatInvalid }) },
    { error: messages.tripRepeatInvalid },
  )
  .nullish()
  .transform((v) => v ?? null);

/** POST /trips (issue 28): announce a trip to one or more of the caller's groups. */
export const createTripInput = z.object({
  groupIds: z
    .array(exactInputString({ error: messages.notMember }).regex(UUID_PATTERN, messages.notMember), {
      error: messages.tripGroupsRequired,
    })
    .min(1, messages.tripGroupsRequired)
    .max(20, messages.tripGroupsRequired)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  store: inputString({ error: messages.tripStoreRequired })
    .max(MAX_TRIP_STORE_LENGTH * 4, messages.tripStoreTooLong)
    .transform((v) => stripMarkup(v).trim())
    .refine((v) => v.length > 0, messages.tripStoreRequired)
    .refine((v) => v.length <= MAX_TRIP_STORE_LENGTH, messages.tripStoreTooLong),
  departsAt: dateTimeField(messages.tripDepartsAtNotADate, messages.tripDepartsAtRequired),
  /** Until when others may add; absent: TRIP_DEFAULT_CLOSE_LEAD_MINUTES before leaving. */
  closesAt: dateTimeField(messages.tripClosesAtNotADate)
    .nullish()
    .transform((v) => v ?? null),
  note: optionalCleanText(MAX_TRIP_NOTE_LENGTH, { multiline: true })
    .optional()
    .transform((v) => v ?? null),
  /** A cap on the trip's items; absent or null: no cap. */
  maxItems: z
    .number({ error: messages.tripMaxItemsInvalid })
    .int(messages.tripMaxItemsInvalid)
    .min(1, messages.tripMaxItemsInvalid)
    .max(MAX_TRIP_ITEMS, messages.tripMaxItemsInvalid)
    .nullish()
    .transform((v) => v ?? null),
  repeat: tripRepeatInput,
});
export type CreateTripInput = z.input<typeof createTripInput>;
export type CreateTrip = z.output<typeof createTripInput>;

/** A trip by id (path `:id`). */
export const tripIdInput = z.object({ tripId: tripIdField });

/** POST /trips/{id}/items: a request of the caller's, attached to the trip and claimed by the tripper at once. */
export const addTripItemInput = z.object({
  tripId: tripIdField,
  itemDescription: inputString({ error: messages.itemDescriptionRequired })
    .max(4000, messages.itemDescriptionTooLong)
    .transform((v) => stripMarkup(v).slice(0, MAX_ITEM_DESCRIPTION_LENGTH))
    .refine((v) => v.length > 0, messages.itemDescriptionRequired),
  quantity: z
    .number({ error: messages.tripQuantityInvalid })
    .int(messages.tripQuantityInvalid)
    .min(1, messages.tripQuantityInvalid)
    .max(MAX_TRIP_ITEM_QUANTITY, messages.tripQuantityInvalid)
    .nullish()
    .transform((v) => v ?? 1),
  pickupNotes: optionalCleanText(MAX_PICKUP_NOTES_LENGTH, { multiline: true })
    .optional()
    .transform((v) => v ?? null),
  ifUnavailable: ifUnavailableInput,
  /** "Ask me first" from someone whose profile has no phone: the number, saved to the profile with the item. */
  phone: askFirstPhoneInput,
});
export type AddTripItemInput = z.input<typeof addTripItemInput>;
export type AddTripItem = z.output<typeof addTripItemInput>;

/** POST /trips/{id}/items/{requestId}/mark: the tripper's tick on the shopping list. */
export const markTripItemInput = z.object({
  tripId: tripIdField,
  requestId: itemRequestIdField,
  state: z.enum(TRIP_ITEM_MARKS, { error: messages.tripItemMarkInvalid }),
});
export type MarkTripItemInput = z.input<typeof markTripItemInput>;

/** POST /trips/{id}/neighbours/{userId}/deliver: every item of that neighbour marked "got" is fulfilled. */
export const deliverTripItemsInput = z.object({
  tripId: tripIdField,
  userId: exactInputString({ error: messages.tripNeighbourNotFound }).regex(
    UUID_PATTERN,
    messages.tripNeighbourNotFound,
  ),
});

/** POST /trips/{id}/take: open requests offered to the tripper ("take them along"), claimed onto the trip. */
export const takeAlongInput = z.object({
  tripId: tripIdField,
  requestIds: z
    .array(itemRequestIdField, { error: messages.tripTakeInvalid })
    .min(1, messages.tripTakeInvalid)
    .max(MAX_TRIP_TAKE, messages.tripTakeInvalid)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/** A trip as everyone who can see it reads it. */
export const tripOutput = z.object({
  id: z.string(),
  tripperId: z.string(),
  tripper: requestUserOutput,
  store: z.string(),
  departsAt: isoDateTime,
  closesAt: isoDateTime,
  note: z.string().nullable(),
  /** The cap on items; null: none. */
  maxItems: z.number().int().nullable(),
  /** As read now: a stored open trip past its closing time is "closed" (TRIP_STATUSES). */
  status: z.enum(TRIP_STATUSES),
  /** The groups it was announced to that the reader shares (the tripper sees all of them). */
  groupIds: z.array(z.string()),
  repeat: z.object({ every: z.enum(TRIP_REPEAT_EVERY) }).nullable(),
  /** A weekly trip whose next one will not be announced (POST /trips/{id}/skip-next). */
  skipNext: z.boolean(),
  /** Items on the trip now (everyone's). */
  itemCount: z.number().int(),
  createdAt: isoDateTime,
});
export type Trip = z.input<typeof tripOutput>;

/** One item on the shopping list: the request, and the tripper's tick. */
export const tripItemOutput = requestOutput.extend({
  mark: z.enum(TRIP_ITEM_MARKS),
  /** The requester's phone, only for the tripper and only when the rule is "ask" and they gave one. */
  requesterPhone: z.string().nullable(),
});
export type TripItem = z.input<typeof tripItemOutput>;

/** A neighbour's items on the list, together at the till. */
export const tripNeighbourOutput = z.object({
  neighbour: requestUserOutput,
  items: z.array(tripItemOutput),
});
export type TripNeighbour = z.input<typeof tripNeighbourOutput>;

/**
 * GET /trips/{id}: the trip with its items grouped per neighbour. The tripper sees every neighbour's items
 * and `takeAlong` (open requests in the trip's groups for the same store); anyone else sees their own
 * items only (`takeAlong` empty).
 */
export const tripDetailOutput = tripOutput.extend({
  neighbours: z.array(tripNeighbourOutput),
  takeAlong: z.array(requestOutput),
});
export type TripDetail = z.input<typeof tripDetailOutput>;
