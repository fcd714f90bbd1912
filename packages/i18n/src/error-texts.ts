/**
 * Error texts in the reader's language, found from the text itself. Services, schemas and rules
 * write the spec's English (@hyn/validators' `messages`, one place); a transport (tRPC, REST, the
 * web app's forms) recognises which message a text is, by its key, and writes that message in the
 * reader's language from the `errors` catalog. A fixed text is recognised exactly; a text with
 * values in it (a limit, days left, a field's name) by its pattern, which gives the values back.
 * A text nobody recognises stays as it is (English): catalogs.test.ts checks that every message,
 * with sample values, is recognised and comes back with the same values.
 */
import { limitMessage, messages, overLimitMessage, pendingInviteExistsMessage, type LimitKind, type MessageKey } from "@hyn/validators/messages";
import { GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "@hyn/validators/notification-kinds";
import {
  INVITE_VALIDITY_DAYS,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_NAME_LENGTH,
  MAX_ITEM_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NEEDED_BY_YEARS_AHEAD,
  MAX_PASSWORD_LENGTH,
  MAX_PENDING_INVITATIONS,
  MAX_USER_LIMIT,
  MAX_USERS_PER_CALL,
  MIN_PASSWORD_LENGTH,
  PAGE_LIMIT_MAX,
  PUSH_LABEL_MAX,
  REQUEST_NOTIFY_INTERVAL_HOURS,
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
  maxPendingInvitations: MAX_PENDING_INVITATIONS,
  inviteValidityDays: INVITE_VALIDITY_DAYS,
  notifyIntervalHours: REQUEST_NOTIFY_INTERVAL_HOURS,
  maxNeededByYearsAhead: MAX_NEEDED_BY_YEARS_AHEAD,
  pageLimitMax: PAGE_LIMIT_MAX,
} as const;

/** The limit kinds as a translation's `select` names them. */
const LIMIT_KIND_KEYS: Record<LimitKind, string> = { groups: "created", "groups joined": "joined", "open requests": "requests" };
const LIMIT_KIND_OF_KEY = Object.fromEntries(Object.entries(LIMIT_KIND_KEYS).map(([kind, key]) => [key, kind as LimitKind]));

/** A message with values in it: how its English is written, and how a text of it is read back. */
export interface PatternedErrorText {
  english(values: Record<string, string>): string;
  pattern: RegExp;
  /** Values a test writes and reads back (each a possible value of the message). */
  samples: Array<Record<string, string>>;
}

const kinds = Object.keys(LIMIT_KIND_KEYS).map((kind) => kind.replace(/ /g, "\\ ")).join("|");
/**
 * The zod fallbacks (validators/src/zod-errors.ts): "<text>: <field>", or the text alone. A translation
 * tells them apart by `hasField` ("yes" or "no"; ICU cannot test a value for being empty).
 */
const fieldNamed = (text: string): PatternedErrorText => ({
  english: ({ field }) => (field ? `${text}: ${field}` : text),
  pattern: new RegExp(`^${text}(?:: (?<field>[\\w.]+))?$`),
  samples: [
    { field: "itemDescription", hasField: "yes" },
    { field: "", hasField: "no" },
  ],
});

export const PATTERNED_ERROR_TEXTS = {
  limitReached: {
    english: ({ kind, max, current }) => limitMessage(LIMIT_KIND_OF_KEY[kind!]!, Number(max), Number(current)),
    pattern: new RegExp(`^You have reached your limit of (?<max>\\d+) (?<kindText>${kinds})\\. You currently have (?<current>\\d+) \\k<kindText>\\.$`),
    samples: [
      { kind: "created", max: "3", current: "3" },
      { kind: "joined", max: "5", current: "5" },
      { kind: "requests", max: "5", current: "6" },
    ],
  },
  overLimit: {
    english: ({ kind, max, current }) => overLimitMessage(LIMIT_KIND_OF_KEY[kind!]!, Number(max), Number(current)),
    pattern: new RegExp(
      "^(?:(?<currentRequests>\\d+) of (?<maxRequests>\\d+) open requests: .*|You own (?<currentCreated>\\d+) groups?, over your limit of (?<maxCreated>\\d+)\\. .*|You are in (?<currentJoined>\\d+) groups?, over your limit of (?<maxJoined>\\d+)\\. .*)$",
    ),
    samples: [
      { kind: "requests", max: "5", current: "6" },
      { kind: "requests", max: "0", current: "1" },
      { kind: "created", max: "3", current: "4" },
      { kind: "joined", max: "0", current: "1" },
    ],
  },
  pendingInviteExists: {
    english: ({ daysLeft }) => pendingInviteExistsMessage(Number(daysLeft)),
    pattern: /^An invitation to this email is already pending for this group\. It expires in (?<daysLeft>\d+) days?\.$/,
    samples: [{ daysLeft: "1" }, { daysLeft: "6" }],
  },
  invalidValue: fieldNamed("Invalid value"),
  valueTooBig: fieldNamed("Value is too long or too large"),
  valueTooSmall: fieldNamed("Value is too short or too small"),
  invalidFormat: fieldNamed("Invalid format"),
  invalidChoice: fieldNamed("Invalid choice"),
} satisfies Record<string, PatternedErrorText>;
export type PatternedErrorKey = keyof typeof PATTERNED_ERROR_TEXTS;

/** Every key the `errors` catalog of each language must have. */
export const ERROR_TEXT_KEYS = [...(Object.keys(messages) as MessageKey[]), ...(Object.keys(PATTERNED_ERROR_TEXTS) as PatternedErrorKey[])];
export type ErrorTextKey = (typeof ERROR_TEXT_KEYS)[number];

const keyOfFixedText = new Map<string, MessageKey>(Object.entries(messages).map(([key, text]) => [text, key as MessageKey]));

/** Which message a text is, with its values; null for a text that is none of them. */
export function recognizeErrorText(text: string): { key: ErrorTextKey; values: MessageValues } | null {
  const fixed = keyOfFixedText.get(text);
  if (fixed) return { key: fixed, values: ERROR_TEXT_VALUES };
  for (const [key, entry] of Object.entries(PATTERNED_ERROR_TEXTS) as Array<[PatternedErrorKey, PatternedErrorText]>) {
    const groups = entry.pattern.exec(text)?.groups;
    if (groups) return { key, values: valuesOf(key, groups) };
  }
  return null;
}

function valuesOf(key: PatternedErrorKey, groups: Record<string, string | undefined>): Record<string, string> {
  if (key === "limitReached") {
    const kind = LIMIT_KIND_KEYS[groups.kindText as LimitKind];
    return { kind, max: groups.max!, current: groups.current! };
  }
  if (key === "overLimit") {
    for (const kind of ["requests", "created", "joined"]) {
      const suffix = kind[0]!.toUpperCase() + kind.slice(1);
      if (groups[`current${suffix}`] !== undefined) return { kind, max: groups[`max${suffix}`]!, current: groups[`current${suffix}`]! };
    }
  }
  const values = Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, value ?? ""]));
  return "field" in groups ? { ...values, hasField: values.field ? "yes" : "no" } : values;
}

/** `text` in the language `translate` writes (Lingui's `_` of the `errors` namespace); English when unrecognised. */
export function translateErrorText(text: string, translate: (id: string, values: MessageValues) => string): string {
  const recognized = recognizeErrorText(text);
  if (!recognized) return text;
  const id = `errors.${recognized.key}`;
  const translated = translate(id, recognized.values);
  // Lingui answers a missing message with its id: keep the English rather than show an id.
  return translated === id ? text : translated;
}
