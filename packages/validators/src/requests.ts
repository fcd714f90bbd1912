import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import { MAX_ITEM_DESCRIPTION_LENGTH, MAX_PICKUP_NOTES_LENGTH, MAX_STORE_PREFERENCE_LENGTH } from "./policy";
import {
  decodeRequestCursor,
  IF_UNAVAILABLE_CHOICES,
  IF_UNAVAILABLE_DEFAULT,
  readDateTime,
  type DateTimeReading,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  REQUEST_DISPLAY_STATUSES,
  REQUEST_EVENT_TYPES,
  REPEAT_EVERY,
  REQUEST_STATUSES,
  stripMarkup,
} from "./rules";
import { dateTimeField } from "./date-time-field";
import { askFirstPhoneInput } from "./accounts";
import { exactInputString, inputString, isStorableText, optionalCleanText } from "./text";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that must name a request the caller can see; a malformed one is simply not found. */
const requestId = exactInputString({ error: messages.requestNotFound }).regex(UUID_PATTERN, messages.requestNotFound);

const NEEDED_BY_PROBLEMS: Record<Exclude<DateTimeReading, { date: Date }>["problem"], string> = {
  "not-a-date": messages.neededByNotADate,
  "not-real": messages.neededByNotReal,
  "beyond-range": messages.neededByTooFar,
};

/** What to do if the item is not there; optional, so the spec's clients post as before ("a similar one is fine"). */
export const ifUnavailableInput = z
  .enum(IF_UNAVAILABLE_CHOICES, { error: messages.ifUnavailableInvalid })
  .optional()
  .transform((v) => v ?? IF_UNAVAILABLE_DEFAULT);

/**
 * `repeat: { every, until? }` makes a repeating request (issue 28 §2); absent or null, a single one. `until` is
 * the last moment an occurrence may be needed by (the web sends the end of the chosen day); the service
 * refuses one before the first needed-by time.
 */
export const requestRepeatInput = z
  .object(
    {
      every: z.enum(REPEAT_EVERY, { error: messages.repeatInvalid }),
      until: dateTimeField(messages.repeatUntilNotADate, undefined, messages.repeatUntilTooFar)
        .nullish()
        .transform((v) => v ?? null),
    },
    { error: messages.repeatInvalid },
  )
  .nullish()
  .transform((v) => v ?? null);

/** POST /requests (PRODUCT "What is checked"). "In the future" needs the clock, so the service checks it. */
export const createRequestInput = z.object({
  itemDescription: inputString({ error: messages.itemDescriptionRequired })
    .max(4000, messages.itemDescriptionTooLong)
    .transform((v) => stripMarkup(v).slice(0, MAX_ITEM_DESCRIPTION_LENGTH))
    .refine((v) => v.length > 0, messages.itemDescriptionRequired),
  groupId: exactInputString({ error: messages.selectGroup })
    .trim()
    .min(1, messages.selectGroup)
    // Not a group id at all: the caller cannot be a member of it.
    .regex(UUID_PATTERN, messages.notMember),
  // A Date over tRPC (superjson), an ISO string over REST.
  // An Invalid Date (superjson carries one) is no date; anything else that is neither is a missing one.
  neededBy: z
    .union([z.date(), z.string()], {
      error: (issue) => (issue.input instanceof Date ? messages.neededByNotADate : messages.neededByRequired),
    })
    .transform((v, ctx) => {
      // Checked here: an issue inside the union would be reported as the union's own message.
      if (typeof v === "string" && !isStorableText(v)) {
        ctx.addIssue({ code: "custom", message: messages.unsupportedCharacters });
        return z.NEVER;
      }
      if (typeof v === "string" && v.trim() === "") {
        ctx.addIssue({ code: "custom", message: messages.neededByRequired });
        return z.NEVER;
      }
      // A string is read strictly (no rolling 30 February over); a year too far for any Date is too far,
      // any other far year reaches the service, which says how far ahead a date may be.
      const reading =
        v instanceof Date
          ? Number.isNaN(v.getTime())
            ? ({ problem: "not-a-date" } as const)
            : { date: v }
          : readDateTime(v);
      if ("problem" in reading) {
        ctx.addIssue({ code: "custom", message: NEEDED_BY_PROBLEMS[reading.problem] });
        return z.NEVER;
      }
      return reading.date;
    }),
  storePreference: optionalCleanText(MAX_STORE_PREFERENCE_LENGTH)
    .optional()
    .transform((v) => v ?? null),
  pickupNotes: optionalCleanText(MAX_PICKUP_NOTES_LENGTH, { multiline: true })
    .optional()
    .transform((v) => v ?? null),
  ifUnavailable: ifUnavailableInput,
  /** "Ask me first" from someone whose profile has no phone: the number, saved to the profile with the post. */
  phone: askFirstPhoneInput,
  repeat: requestRepeatInput,
  /** Posted for a neighbour without the app of the group (issue 42 §1); the poster acts for them. */
  onBehalfOf: z
    .uuid({ error: messages.offlineNeighbourNotFound })
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateRequestInput = z.input<typeof createRequestInput>;

export const requestIdInput = z.object({ id: requestId });

/** A page of a request list: `limit` finished requests after `cursor`, or the first page without one. */
export const requestPageInput = z.object({
  // Over REST the query string brings text: "20" is 20, anything else is refused.
  limit: z.coerce
    .number({ error: messages.pageLimitInvalid })
    .int(messages.pageLimitInvalid)
    .min(1, messages.pageLimitInvalid)
    .max(PAGE_LIMIT_MAX, messages.pageLimitInvalid)
    .default(PAGE_LIMIT_DEFAULT),
  cursor: z
    .string({ error: messages.pageCursorInvalid })
    .transform((text, ctx) => {
      const cursor = decodeRequestCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: messages.pageCursorInvalid });
        return z.NEVER;
      }
      return cursor;
    })
    .nullish()
    .transform((cursor) => cursor ?? null),
});
export type RequestPageInput = z.output<typeof requestPageInput>;

/** GET /groups/{id}/requests. */
export const groupRequestsInput = requestPageInput.extend({
  groupId: exactInputString({ error: messages.groupNotFound }).regex(UUID_PATTERN, messages.groupNotFound),
});

/** A neighbour as shown on a request card: no contact details. */
export const requestUserOutput = z.object({
  id: z.string(),
  name: z.string(),
  generalArea: z.string().nullable(),
});
export type RequestUser = z.input<typeof requestUserOutput>;

/**
 * Who hears of a posting notice (PRODUCT "Who will hear"): of the group's members other than the requester, how
 * many are told now (e-mail or push), later if nobody has offered by then (resting helpers, issue 41), in the
 * next daily summary, in the weekly summary (issue 41), or only see it in the app.
 */
export const reachOutput = z.object({
  now: z.number().int(),
  later: z.number().int(),
  daily: z.number().int(),
  weekly: z.number().int(),
  appOnly: z.number().int(),
});
export type Reach = z.input<typeof reachOutput>;

/** A request (PRODUCT "What is stored") plus what the card displays: the group's name, creator, helper and the computed status. */
export const requestOutput = z.object({
  id: z.string(),
  userId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  itemDescription: z.string(),
  storePreference: z.string().nullable(),
  neededBy: isoDateTime,
  pickupNotes: z.string().nullable(),
  /** What the helper does if the item is not there (issue 28); null for a request posted before the choice existed. */
  ifUnavailable: z.enum(IF_UNAVAILABLE_CHOICES).nullable(),
  status: z.enum(REQUEST_STATUSES),
  /** "expired" when open and the needed-by time has passed; computed on every read, never stored. */
  displayStatus: z.enum(REQUEST_DISPLAY_STATUSES),
  claimedBy: z.string().nullable(),
  claimedAt: isoDateTime.nullable(),
  fulfilledAt: isoDateTime.nullable(),
  /** When the posting notice last went to the group; POST /requests/{id}/notify waits an hour after it. */
  lastNotifiedAt: isoDateTime.nullable(),
  /** Who heard of that notice; null for a request posted before reach was kept. */
  lastReach: reachOutput.nullable(),
  /** When the requester sent their one-tap "Thank you" (fulfilled requests only, once). */
  thankedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** When someone first offered to help (issue 41): kept through a claim given back; null while nobody has. */
  firstOfferedAt: isoDateTime.nullable(),
  /**
   * "Nobody has offered yet" (issue 41 §3, awaitingFirstOffer): open, never offered for, and past half its time to
   * needed-by (at least 2 hours after posting); it sorts above the rest of its list. Computed on every read.
   */
  awaitingFirstOffer: z.boolean(),
  /** The creator's first request in this group ("First request from Ana", issue 41 §3): none of theirs there is older. */
  firstInGroup: z.boolean(),
  creator: requestUserOutput,
  helper: requestUserOutput.nullable(),
  /** The trip it was added to (issue 28): claimed by the tripper; null for an ordinary request. */
  tripId: z.string().nullable(),
  /** How many (a trip item's quantity; 1 for an ordinary request). */
  quantity: z.number().int(),
  /** The repeating request it is an occurrence of (issue 28 §2); null for a single request. */
  seriesId: z.string().nullable(),
  /** How often it comes back ("Repeats every week"); null when it does not (or its series has stopped). */
  repeats: z.enum(REPEAT_EVERY).nullable(),
  /** The helper who does the whole series ("I can do this every week"), or null. */
  seriesHelperId: z.string().nullable(),
  /** The neighbour without the app it was posted for (issue 42 §1): "For Mrs. Okafor · posted by Ana"; else null. */
  onBehalfOf: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type RequestView = z.input<typeof requestOutput>;

/** POST /requests: the request, and who hears of it. */
export const createdRequestOutput = requestOutput.extend({ reach: reachOutput });
export type CreatedRequest = z.input<typeof createdRequestOutput>;

/**
 * The other person of a claim, as the request's page shows them to the requester (the helper) or to the helper
 * (the requester) while the request is claimed: their phone if their profile has one, and their general area.
 */
export const claimContactOutput = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  generalArea: z.string().nullable(),
  /**
   * For the helper of a request posted for a neighbour without the app (issue 42 §1): that neighbour's phone,
   * area and how to reach them, beside the poster's contact above; null otherwise.
   */
  neighbour: z
    .object({
      name: z.string(),
      phone: z.string(),
      generalArea: z.string().nullable(),
      howToReach: z.string().nullable(),
    })
    .nullable(),
});
export type ClaimContact = z.input<typeof claimContactOutput>;

/**
 * GET /requests/{id}: the request, and for the two people of a claim alone, while it is claimed, the other
 * one's contact (null for everyone else, and while open or once fulfilled).
 */
export const oneRequestOutput = requestOutput.extend({ contact: claimContactOutput.nullable() });
export type OneRequestView = z.input<typeof oneRequestOutput>;

/** A page of a request list; REST sends `requests` as the body and `nextCursor` in a Link header. */
export const requestPageOutput = z.object({
  requests: z.array(requestOutput),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RequestPage = z.input<typeof requestPageOutput>;

export const notifyRequestOutput = z.object({
  ok: z.literal(true),
  notifiedCount: z.number().int(),
  /** Who hears of this notice: `reach.now` of them are told now (`notifiedCount` of them were queued). */
  reach: reachOutput,
  /** When this notice went, and when the next may (the web disables "Notify group" until then). */
  lastNotifiedAt: isoDateTime,
  nextNotifyAt: isoDateTime,
});

/** A group as the dashboard's "Your Groups" cards show it. */
export const dashboardGroupOutput = z.object({
  id: z.string(),
  name: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime,
  joinedAt: isoDateTime,
  memberCount: z.number().int(),
  /** The group's rules when the caller has not accepted them since their last change (PRODUCT "Group rules"), else null. */
  rulesToAccept: z.string().nullable(),
  /** With rulesToAccept: the rules as the caller last accepted them (issue 43), to mark what changed; null when not known. */
  rulesAccepted: z.string().nullable(),
});
export type DashboardGroup = z.input<typeof dashboardGroupOutput>;

/** A person's limits and counts, as the usage-limits panel needs them. */
export const dashboardUsageOutput = z.object({
  limits: z.object({
    maxOpenRequests: z.number().int(),
    maxGroupsCreated: z.number().int(),
    maxGroupsJoined: z.number().int(),
  }),
  counts: z.object({
    openRequestsCount: z.number().int(),
    groupsCreatedCount: z.number().int(),
    groupsJoinedCount: z.number().int(),
  }),
});

/** What a live-update subscriber receives: first "connected" (refetch now), then changes in its groups. */
export const requestEventOutput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("connected") }),
  z.object({
    type: z.enum(REQUEST_EVENT_TYPES),
    requestId: z.string(),
    groupId: z.string(),
    /** Present on the requester's own streams (issue 43): the request is theirs, never "from a neighbour". */
    mine: z.literal(true).optional(),
  }),
  /** A trip announced to the group changed (issue 28): announced, closed, cancelled, skipped. Its items are requests. */
  z.object({ type: z.literal("trip.changed"), tripId: z.string(), groupId: z.string() }),
  /** The owner answered the subscriber's own request to join a group (issue 43); sent to them alone. */
  z.object({ type: z.literal("join.answered"), groupId: z.string(), approved: z.boolean() }),
]);
export type RequestEventMessage = z.input<typeof requestEventOutput>;
