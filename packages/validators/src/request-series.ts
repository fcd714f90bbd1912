import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_PICKUP_NOTES_LENGTH, MAX_STORE_PREFERENCE_LENGTH } from "./policy";
import { ifUnavailableInput, requestIdInput, requestOutput } from "./requests";
import { askFirstPhoneInput } from "./accounts";
import { IF_UNAVAILABLE_CHOICES, REPEAT_EVERY, stripMarkup } from "./rules";
import { dateTimeField } from "./date-time-field";
import { exactInputString, inputString, optionalCleanText } from "./text";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A repeating request's id (issue 28 §2); a malformed one names no series the caller can see. */
const seriesIdField = exactInputString({ error: messages.seriesNotFound }).regex(UUID_PATTERN, messages.seriesNotFound);

export const seriesIdInput = z.object({ id: seriesIdField });

/** POST /request-series/{id}/skip: the occurrence skipped, by its request's id, so a repeated skip skips nothing more. */
export const skipSeriesInput = z.object({ id: seriesIdField, requestId: requestIdInput.shape.id });

/**
 * PATCH /request-series/{id}: the requester changes what is asked; the next occurrence changes with it unless a
 * helper has taken it. Only the fields sent change. `until` (null: until stopped) may move; how often it repeats
 * may not, as every occurrence is counted from the first (stop it and post a new one).
 */
export const updateSeriesInput = z.object({
  id: seriesIdField,
  itemDescription: inputString({ error: messages.itemDescriptionRequired })
    .max(4000, messages.itemDescriptionTooLong)
    .transform((v) => stripMarkup(v).slice(0, MAX_ITEM_DESCRIPTION_LENGTH))
    .refine((v) => v.length > 0, messages.itemDescriptionRequired)
    .optional(),
  storePreference: optionalCleanText(MAX_STORE_PREFERENCE_LENGTH).optional(),
  pickupNotes: optionalCleanText(MAX_PICKUP_NOTES_LENGTH, { multiline: true }).optional(),
  ifUnavailable: ifUnavailableInput.optional(),
  /** "Ask me first" chosen by someone whose profile has no phone: the number, saved to the profile. */
  phone: askFirstPhoneInput,
  until: dateTimeField(messages.repeatUntilNotADate, undefined, messages.repeatUntilTooFar).nullable().optional(),
});
export type UpdateSeries = z.output<typeof updateSeriesInput>;

/** GET /request-series/{id}: the series and its current occurrence. */
export const seriesOutput = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.string(),
  itemDescription: z.string(),
  storePreference: z.string().nullable(),
  pickupNotes: z.string().nullable(),
  ifUnavailable: z.enum(IF_UNAVAILABLE_CHOICES),
  every: z.enum(REPEAT_EVERY),
  firstNeededBy: isoDateTime,
  until: isoDateTime.nullable(),
  /** The helper who does it every time, or null. */
  helperId: z.string().nullable(),
  stoppedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** The occurrence that is open or being helped with now, or null (between two, or stopped). */
  current: requestOutput.nullable(),
  /** When the one after the current one is needed; null when the series is over. */
  nextNeededBy: isoDateTime.nullable(),
});
export type SeriesView = z.input<typeof seriesOutput>;
