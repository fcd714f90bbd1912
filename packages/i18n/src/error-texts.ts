/**
 * Error messages in the reader's language, by key (ADR 0020). Services, rules and schemas name a
 * message by its key (`AppError`'s, a limit rule's, a schema's `messages.<key>`, given back by
 * @hyn/validators' `messageOfZodText`), with its values when it has any; each transport writes it
 * once: English from @hyn/validators' `messages` (the spec's texts), another language from its
 * `errors` catalog, with the values below filled in.
 */
import {
  englishText,
  messages,
  valuedMessages,
  zodFallbackMessages,
  type ErrorKey,
  type KeyedMessage,
  type LimitKind,
  type MessageKey,
  type ValuedMessageKey,
  type ZodFallbackKey,
} from "@hyn/validators/messages";
import { GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "@hyn/validators/notification-kinds";
import {
  INVITE_VALIDITY_DAYS,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_DESCRIPTION_LENGTH,
  MAX_GROUP_RULES_LENGTH,
  MAX_LIVE_GROUP_LINKS,
  JOIN_REQUEST_DECLINE_COOLDOWN_DAYS,
  MAX_GROUP_NAME_LENGTH,
  MAX_MODERATION_REASON_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
  MAX_INVITE_ADDRESSES,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  LATEST_DATE_YEAR,
  MAX_NEEDED_BY_YEARS_AHEAD,
  MAX_PASSWORD_LENGTH,
  MAX_PENDING_INVITATIONS,
  MAX_USER_LIMIT,
  MAX_USERS_PER_CALL,
  MIN_PASSWORD_LENGTH,
  PAGE_LIMIT_MAX,
  PUSH_LABEL_MAX,
  REQUEST_NOTIFY_INTERVAL_HOURS,
  MAX_TRIP_ITEM_QUANTITY,
  MAX_TRIP_ITEMS,
  MAX_TRIP_STORE_LENGTH,
  MAX_TRIP_TAKE,
  TRIP_MAX_DAYS_AHEAD,
} from "@hyn/validators/policy";
import { EMAIL_FREQUENCIES } from "@hyn/validators/rules";
import type { MessageValues } from "./catalogs";
import { LOCALES } from "./locales";

/**
 * The product's numbers that fixed messages state, and the API's words they list (kinds, frequencies,
 * languages: names a client sends, so never translated); a translation names them as placeholders.
 */
export const ERROR_TEXT_VALUES = {
  minPasswordLength: MIN_PASSWORD_LENGTH,
  maxPasswordLength: MAX_PASSWORD_LENGTH,
  maxNameLength: MAX_NAME_LENGTH,
  maxGroupNameLength: MAX_GROUP_NAME_LENGTH,
  maxGroupDescriptionLength: MAX_GROUP_DESCRIPTION_LENGTH,
  maxInviteAddresses: MAX_INVITE_ADDRESSES,
  maxItemDescriptionLength: MAX_ITEM_DESCRIPTION_LENGTH,
  maxFeedbackMessageLength: MAX_FEEDBACK_MESSAGE_LENGTH,
  pushLabelMax: PUSH_LABEL_MAX,
  maxUserLimit: MAX_USER_LIMIT,
  maxUsersPerCall: MAX_USERS_PER_CALL,
  notificationKinds: NOTIFICATION_KINDS.join(", "),
  groupFrequencies: GROUP_NOTIFY_FREQUENCIES.join(", "),
  emailFrequencies: EMAIL_FREQUENCIES.join(", "),
  locales: LOCALES.join(", "),
  maxGroupMembers: MAX_GROUP_MEMBERS,
  maxLiveGroupLinks: MAX_LIVE_GROUP_LINKS,
  joinRequestDeclineCooldownDays: JOIN_REQUEST_DECLINE_COOLDOWN_DAYS,
  maxPendingInvitations: MAX_PENDING_INVITATIONS,
  inviteValidityDays: INVITE_VALIDITY_DAYS,
  notifyIntervalHours: REQUEST_NOTIFY_INTERVAL_HOURS,
  maxNeededByYearsAhead: MAX_NEEDED_BY_YEARS_AHEAD,
  latestDateYear: LATEST_DATE_YEAR,
  pageLimitMax: PAGE_LIMIT_MAX,
  maxReportNoteLength: MAX_REPORT_NOTE_LENGTH,
  maxModerationReasonLength: MAX_MODERATION_REASON_LENGTH,
  maxGroupRulesLength: MAX_GROUP_RULES_LENGTH,
  maxTripStoreLength: MAX_TRIP_STORE_LENGTH,
  tripMaxDaysAhead: TRIP_MAX_DAYS_AHEAD,
  maxTripItems: MAX_TRIP_ITEMS,
  maxTripTake: MAX_TRIP_TAKE,
  maxTripItemQuantity: MAX_TRIP_ITEM_QUANTITY,
} as const;

/** The limit kinds as a translation's `select` names them. */
const LIMIT_KIND_KEYS: Record<LimitKind, string> = {
  groups: "created",
  "groups joined": "joined",
  "open requests": "requests",
};

/** Every key the `errors` catalog of each language must have. */
export const ERROR_KEYS: ErrorKey[] = [
  ...(Object.keys(messages) as MessageKey[]),
  ...(Object.keys(valuedMessages) as ValuedMessageKey[]),
  ...(Object.keys(zodFallbackMessages) as ZodFallbackKey[]),
];

/**
 * The values a translation of `message` may use: the product's numbers for a fixed message; a
 * limit's kind as a `select` names it; a zod fallback's field, and `hasField` ("yes" or "no"; ICU
 * cannot test a value for being empty).
 */
export function translationValues(message: KeyedMessage): MessageValues {
  if (!("values" in message)) return ERROR_TEXT_VALUES;
  const values = message.values as Record<string, string | number>;
  if ("kind" in values) return { ...values, kind: LIMIT_KIND_KEYS[values.kind as LimitKind] };
  if ("field" in values) return { ...values, hasField: values.field ? "yes" : "no" };
  return values;
}

/** `message` in the language `translate` writes (Lingui's `_`, with the `errors` namespace loaded); English when it has no translation. */
export function translateError(
  message: KeyedMessage,
  translate: (id: string, values: MessageValues) => string,
): string {
  const id = `errors.${message.key}`;
  const translated = translate(id, translationValues(message));
  // Lingui answers a missing message with its id: the English rather than an id.
  return translated === id ? englishText(message) : translated;
}
