import {
  hoursInWords,
  INVITE_VALIDITY_DAYS,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_DESCRIPTION_LENGTH,
  MAX_GROUP_RULES_LENGTH,
  MAX_GROUP_NAME_LENGTH,
  MAX_INVITE_ADDRESSES,
  MAX_LIVE_GROUP_LINKS,
  JOIN_REQUEST_DECLINE_COOLDOWN_DAYS,
  MAX_MODERATION_REASON_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
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
} from "./policy";
import { LOCALES } from "./locales";
import { EMAIL_FREQUENCIES, GROUP_NOTIFY_FREQUENCIES, NOTIFICATION_KINDS } from "./notification-kinds";

/**
 * Every user-facing text of PRODUCT "What is checked" and PRODUCT "Errors", verbatim. Code refers to these by name so that a
 * newcomer can find where a text is used, and so the spec's wording lives in exactly one place.
 */
export const messages = {
  // Validation (PRODUCT "What is checked")
  invalidEmailFormat: "Invalid email format",
  enterValidEmail: "Please enter a valid email address",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooShortLong: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordRequired: "Password is required",
  fillAllFields: "Please fill in all fields",
  passwordsDoNotMatch: "Passwords do not match",
  enterYourEmail: "Please enter your email address",
  nameRequired: "Name is required",
  enterValidPhone: "Please enter a valid phone number",
  invalidPhoneFormat: "Invalid phone number format",
  // Not in the spec: a neighbour without the app (issue 42 §1).
  phoneRequired: "Phone number is required",
  offlineNeighbourNotFound: "Neighbour not found in this group",
  askFirstNeedsPhone:
    "“Ask me first” needs a phone number, so your helper can call you from the shop: add one to your profile, or choose another answer",
  phoneNeededForAskFirst:
    "Your open requests say “Ask me first”: keep a phone number until they are done, or remove them first",
  repeatNotForNeighbour: "A request for a neighbour without the app cannot repeat; post each one for them",
  onlyContactOrOwnerRemovesNeighbour: "Only their contact or the group's owner can remove this neighbour",
  noChangesToSave: "No changes to save",
  groupNameRequired: "Group name is required",
  groupNameInvalid: "Group name contains invalid characters",
  itemDescriptionRequired: "Item description is required",
  selectGroup: "Please select a group",
  neededByRequired: "Needed by date and time is required",
  neededByFutureForm: "Needed by date and time must be in the future",
  neededByFuture: "Needed by date must be in the future",
  inviteEmailRequired: "Email address is required",
  invalidInvitationLink: "Invalid invitation link",
  enterMessage: "Please enter a message",
  groupsCreatedLimitTooltip: "You have reached your limit of groups created",
  invitationLimitTooltip: "You have reached your invitation limit",
  commonPassword: "This password is too common. Please choose a less common password.",
  emailNotConfirmed: "Please confirm your email address before signing in. Check your inbox for the confirmation link.",
  verificationLinkExpired:
    "This confirmation link has expired or was already used. Please sign up again or request a new link.",
  resetLinkInvalid: "Invalid reset link - please use the link from your email",

  // The server's refusals (PRODUCT "Errors")
  userAlreadyExists: "User already exists with this email",
  invalidCredentials: "Invalid email or password",
  // PRODUCT "Changing the password"
  currentPasswordIncorrect: "Your current password is not correct",
  currentPasswordRequired: "Please enter your current password to change it",
  noAuthenticatedUser: "No authenticated user",
  userNotAuthenticated: "User not authenticated",
  userNotFound: "User not found",
  userCreationFailed: "User creation failed",
  groupNotFound: "Group not found",
  invalidOrExpiredInviteToken: "Invalid or expired invite token",
  inviteExpired: "Invite has expired",
  alreadyMember: "You are already a member of this group",
  groupFull: `Group is full (maximum ${MAX_GROUP_MEMBERS} members)`,
  notMember: "You are not a member of this group",
  ownerCannotLeave:
    "Group owner cannot leave while other members remain. Remove other members first or transfer ownership.",
  onlyOwnersRemove: "Only group owners can remove members",
  // Not in the spec: a group's description (issue 27).
  onlyOwnersDescribe: "Only group owners can change the description",
  onlyOwnersSeeHealth: "Only group owners can see how the group is doing",
  useLeaveGroup: "Use leave group functionality to leave the group",
  userNotMember: "User is not a member of this group",
  requestNotFound: "Request not found",
  requestNotClaimable: "Request is not available for claiming",
  cannotClaimOwn: "You cannot claim your own request",
  requestNotClaimed: "Request is not claimed",
  onlyUnclaimOwnClaims: "You can only unclaim requests that you have claimed",
  requestNotInClaimedStatus: "Request is not in claimed status",
  onlyFulfillOwnClaims: "You can only fulfill requests you have claimed",
  onlyDeleteOwnRequests: "You can only delete your own requests",
  cannotDeleteFulfilled: "Cannot delete a fulfilled request",
  onlyCreatorsInvite: "Only group creators can send invites",
  userAlreadyMember: "User is already a member of this group",
  invitationNotFound: "Invitation not found",
  onlyCancelOwnInvitations: "You can only cancel invitations you sent",
  cannotCancelAccepted: "Cannot cancel an invitation that has already been accepted",
  invalidInvitationToken: "Invalid invitation token",
  invitationUsed: "Invitation has already been used",
  invitationExpired: "Invitation has expired",
  invitationNotForYou: "Invitation is not for your email address",
  userLimitsNotFound: "User limits not found",
  userCountsNotFound: "User counts not found",
  adminRequired: "Access denied: Admin privileges required",
  invitationLimit: `You have reached the maximum limit of ${MAX_PENDING_INVITATIONS} pending invitations. Please wait for some to be accepted or expire before sending more.`,
  internal: "Something went wrong. Please try again.",
  // Not in the spec: the database connection was lost during a change (503 with Retry-After).
  serviceUnavailable: "The service is briefly unavailable. Please try again in a moment.",
  // Not in the spec: the server shed a call it could not serve in time (issue 44, 503 with Retry-After).
  serverBusy: "The service is busy right now. Please try again in a moment.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  // Not in the spec, which only says a request needs at least one group (PRODUCT "What is checked").
  requestNeedsGroup: "Join or create a group before posting a request",
  // Not in the spec: ownership transfer goes beyond it (the owner-cannot-leave text mentions it).
  onlyOwnersTransfer: "Only group owners can transfer ownership",
  alreadyOwner: "You already own this group",
  // Not in the spec: POST /requests/{id}/notify (issue 4) is owner only, for open requests, once an hour.
  notifyOnlyOwnRequests: "You can only send notifications for your own requests",
  notifyOnlyOpenRequests: "Only open requests can be sent to the group again",
  notifyTooSoon: `The group was notified about this request less than ${hoursInWords(REQUEST_NOTIFY_INTERVAL_HOURS)} ago. Please try again later.`,
  // Not in the spec: the one-tap "Thank you" (issue 15): the requester only, once, after fulfilment.
  thankOnlyOwnRequests: "Only the person who asked can thank the helper",
  thankOnlyFulfilled: "You can thank your helper once the request is fulfilled",
  alreadyThanked: "You have already thanked your helper for this request",
  thankNoHelper: "The neighbour who helped has left, so there is no one to thank",
  // Not in the spec (issue 13): input PostgreSQL cannot store, and requests or addresses Fastify refuses.
  neededByTooFar: `Needed by date must be within ${MAX_NEEDED_BY_YEARS_AHEAD} years`,
  // Not in the spec (issue 24): a needed-by that is no date, or a date that does not exist (30 February).
  neededByNotADate: "Needed by must be a date and time, such as 2027-06-14T15:30:00Z",
  neededByNotReal: "Needed by is not a real date and time",
  unsupportedCharacters: "Text must not contain NUL characters or invalid Unicode",
  bodyNotJson: "Request body is not valid JSON",
  bodyTooLarge: "Request body is too large",
  addressInvalid: "The address is not valid",
  addressTooLong: "The address is too long",
  notFound: "Not found",
  // Not in the spec (issue 24): Node's and Fastify's other refusals of a request, before any route reads it.
  badRequest: "The request is not valid",
  headersTooLarge: "The request's address or headers are too long",
  requestTimeout: "The request took too long to arrive",
  hostHeaderMissing: "The request has no Host header",
  contentLengthInvalid: "The request body does not match its Content-Length",
  expectationFailed: "Only the Expect value 100-continue is supported",
  // The invite form's hint.
  inviteHelp: `An email invitation will be sent. Invitations expire after ${INVITE_VALIDITY_DAYS} days.`,
  // Not in the spec: request lists come in pages (issue 13).
  pageLimitInvalid: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
  pageCursorInvalid: "cursor is not valid: use the link to the next page as it was given",
  // Not in the spec: notification preferences per kind and per group (issue 15).
  notificationKindInvalid: `Kind must be one of ${NOTIFICATION_KINDS.join(", ")}`,
  notificationChannelInvalid: "Channels are email and push, each true or false",
  notificationChannelMissing: "Give email or push (true or false) to change",
  // Not in the spec: "Always tell me at once" (issue 41 §2).
  alwaysAtOnceInvalid: "alwaysAtOnce must be true or false",
  groupFrequencyInvalid: `Frequency must be one of ${GROUP_NOTIFY_FREQUENCIES.join(", ")}, or null to follow your profile`,
  // Not in the spec (issue 15): the unsubscribe link of a non-essential e-mail (RFC 8058).
  unsubscribeLinkInvalid: "This unsubscribe link is not valid.",
  oneClickBodyMissing: "A one-click unsubscribe must be sent with the body List-Unsubscribe=One-Click.",
  // Not in the spec: Web Push devices (issue 16).
  pushEndpointInvalid: "endpoint must be the push subscription's URL",
  pushEndpointNotAllowed: "endpoint is not on a known push service",
  pushEndpointNotPublic: "endpoint does not resolve to a public address",
  pushEndpointUnresolvable: "endpoint's host could not be found",
  pushKeyP256dhInvalid:
    "keys.p256dh must be the browser's public key: 65 bytes (an uncompressed P-256 point), base64url-encoded",
  pushKeyAuthInvalid: "keys.auth must be the browser's auth secret: 16 bytes, base64url-encoded",
  pushLabelTooLong: `label must be at most ${PUSH_LABEL_MAX} characters`,
  pushDeviceNotFound: "Device not found",
  // Not in the spec: the language a person picks (issue 19).
  localeInvalid: `Language must be one of ${LOCALES.join(", ")}`,
  // Not in the spec: the schemas' upper bounds and choices (issue 19 gave each a key, so it can be translated).
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  groupNameTooLong: `Group name must be at most ${MAX_GROUP_NAME_LENGTH} characters`,
  groupDescriptionTooLong: `Group description must be at most ${MAX_GROUP_DESCRIPTION_LENGTH} characters`,
  // Not in the spec: the invite form of several addresses (issue 27).
  inviteEmailsRequired: "Enter at least one email address",
  tooManyInviteAddresses: `At most ${MAX_INVITE_ADDRESSES} addresses at once`,
  itemDescriptionTooLong: `Item description must be at most ${MAX_ITEM_DESCRIPTION_LENGTH} characters`,
  feedbackMessageTooLong: `Message must be at most ${MAX_FEEDBACK_MESSAGE_LENGTH} characters`,
  feedbackSubjectInvalid: "Please choose a subject from the list",
  emailFrequencyInvalid: `Frequency must be one of ${EMAIL_FREQUENCIES.join(", ")}`,
  limitsInvalid: `Limits must be whole numbers from 0 to ${MAX_USER_LIMIT}`,
  tooManyUsers: `At most ${MAX_USERS_PER_CALL} users at once`,
  // Not in the spec: the server refuses a body that is not JSON, and a cross-site change with a session cookie.
  // Not in the spec: the group link and its join requests (issue 27).
  groupLinkInvalid: "This invitation link is invalid or has expired.",
  groupLinkLimit: `A group can have at most ${MAX_LIVE_GROUP_LINKS} live links. Revoke one to make another.`,
  groupLinkExpiryInvalid: "A link expires after 1, 7 or 30 days",
  groupLinkNotFound: "Link not found",
  joinRequestNotFound: "Join request not found",
  // Not in the spec: a declined person waits before asking again (issue 43).
  joinRequestDeclinedRecently: `The owner declined your request. You can ask to join again ${JOIN_REQUEST_DECLINE_COOLDOWN_DAYS} days after that.`,
  contentTypeNotJson: "Content-Type must be application/json",
  crossSiteRefused: "Cross-site request refused",
  // Not in the spec: what to do if the item is not there (issue 28).
  ifUnavailableInvalid: 'If it is not there must be "skip", "similar" or "ask"',
  // Not in the spec: a reset link opened again after it set a password (issue 30).
  resetLinkUsed: "This reset link has already been used. Ask for a new one if you still need to change your password.",
  // Not in the spec: reports, suspensions and the admin's other actions (issue 29).
  reportSubjectInvalid: "Give the request or the member you are reporting",
  reportCategoryInvalid: "Choose what is wrong",
  reportNoteTooLong: `Note must be at most ${MAX_REPORT_NOTE_LENGTH} characters`,
  cannotReportYourself: "You cannot report yourself",
  reportAlreadyOpen: "You have already reported this. An admin will look at it.",
  reportNotFound: "Report not found",
  suspensionReasonRequired: "Give a reason for the suspension",
  moderationReasonTooLong: `Reason must be at most ${MAX_MODERATION_REASON_LENGTH} characters`,
  cannotSuspendYourself: "You cannot suspend your own account",
  accountSuspended: "This account is suspended. Contact the administrator.",
  alreadySuspended: "This account is already suspended",
  notSuspended: "This account is not suspended",
  // Not in the spec: trips (issue 28).
  tripNotFound: "Trip not found",
  tripNotTakingItems: "This trip is no longer taking items",
  tripFull: "This trip has all the items it can take",
  tripStoreRequired: "Store is required",
  tripStoreTooLong: `Store must be at most ${MAX_TRIP_STORE_LENGTH} characters`,
  tripGroupsRequired: "Choose at least one of your groups for the trip",
  tripDepartsAtRequired: "Leaving time is required",
  tripDepartsAtNotADate: "Leaving time must be a date and time, such as 2027-06-14T15:30:00Z",
  tripDepartsAtPast: "Leaving time must be in the future",
  tripDepartsAtTooFar: `Leaving time must be within ${TRIP_MAX_DAYS_AHEAD} days`,
  tripClosesAtNotADate: "Closing time must be a date and time, such as 2027-06-14T14:30:00Z",
  tripClosesAtAfterDeparts: "The list must close before the leaving time",
  tripClosesAtPast: "Closing time must be in the future",
  tripMaxItemsInvalid: `The cap on items must be a whole number from 1 to ${MAX_TRIP_ITEMS}`,
  tripRepeatInvalid: 'repeat.every must be "week"',
  tripQuantityInvalid: `Quantity must be a whole number from 1 to ${MAX_TRIP_ITEM_QUANTITY}`,
  tripOnlyTripper: "Only the neighbour making the trip can do this",
  tripOwnTrip: "You cannot add items to your own trip",
  tripNotOpen: "This trip's list is already closed",
  tripAlreadyLeft: "This trip has already left",
  tripCancelled: "This trip has been cancelled",
  tripItemNotFound: "This item is not on the trip",
  tripItemMarkInvalid: 'state must be "pending", "got" or "not_there"',
  tripTakeInvalid: `Choose from 1 to ${MAX_TRIP_TAKE} requests to take along`,
  tripTakeNotOffered: "One of these requests can no longer be taken along",
  tripNotRepeating: "This trip does not repeat",
  tripNeighbourNotFound: "This neighbour has no items on the trip",
  // Not in the spec: repeating requests (issue 28 §2).
  repeatInvalid: 'repeat.every must be "week", "2weeks" or "month"',
  repeatUntilNotADate: "The repeat's end date must be a date, such as 2027-06-14",
  repeatUntilBeforeFirst: "The repeat's end date must not come before the first needed-by time",
  repeatUntilTooFar: `The repeat's end date must be in ${LATEST_DATE_YEAR} or earlier`,
  seriesNotFound: "Repeating request not found",
  seriesOnlyRequester: "Only the neighbour who asked can change a repeating request",
  seriesStopped: "This request no longer repeats",
  seriesNothingToSkip: "There is no next time waiting to be skipped",
  seriesOwn: "You cannot take your own repeating request",
  seriesTakenByOther: "Another neighbour already does this every time",
  seriesNotTaken: "Nobody does this every time",
  // Not in the spec: a group's rules (issue 29).
  groupRulesTooLong: `Group rules must be at most ${MAX_GROUP_RULES_LENGTH} characters`,
  groupRulesNotAccepted: "Please accept the group's rules to join it",
  // Not in the spec: a group link of a suspended owner pauses until reinstatement (issue 29).
  groupLinkPaused: "This group link is paused for now. Please try again later.",
} as const;

/** A message without values: its key in `messages`. */
export type MessageKey = keyof typeof messages;

export type LimitKind = "groups" | "groups joined" | "open requests";

/** "You have reached your limit of N groups. You currently have M groups." and its twins (PRODUCT "Limits"). */
export function limitMessage(kind: LimitKind, max: number, current: number): string {
  return `You have reached your limit of ${max} ${kind}. You currently have ${current} ${kind}.`;
}

/**
 * Not in the spec: a count above its limit, said plainly. Open requests go over when a claimed request
 * is released and opens again (an unclaim is never refused); any count does when an admin lowers a limit.
 */
export function overLimitMessage(kind: LimitKind, max: number, current: number): string {
  const groups = (n: number) => `${n} ${n === 1 ? "group" : "groups"}`;
  const [state, whenAgain, never] = {
    "open requests": [
      `${current} of ${max} open requests: over your limit, which happens when a request someone claimed is released and opens again.`,
      `You can post a new request when fewer than ${max} are open.`,
      "you cannot post new requests",
    ],
    groups: [
      `You own ${groups(current)}, over your limit of ${max}.`,
      `You can create a new group when you own fewer than ${max}.`,
      "you cannot create groups",
    ],
    "groups joined": [
      `You are in ${groups(current)}, over your limit of ${max}.`,
      `You can join another group when you are in fewer than ${max}.`,
      "you cannot join groups",
    ],
  }[kind];
  return `${state} ${max > 0 ? whenAgain : `Your limit is 0, so ${never}.`}`;
}

/** PRODUCT "What is checked": a second pending invite to the same address states the days left. */
export function pendingInviteExistsMessage(daysLeft: number): string {
  return `An invitation to this email is already pending for this group. It expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"}.`;
}

/** The messages with values: what each carries (the English functions above write them). */
export interface MessageValuesByKey {
  limitReached: { kind: LimitKind; max: number; current: number };
  overLimit: { kind: LimitKind; max: number; current: number };
  pendingInviteExists: { daysLeft: number };
}
export type ValuedMessageKey = keyof MessageValuesByKey;

/** Each message with values, written in English. */
export const valuedMessages: { [K in ValuedMessageKey]: (values: MessageValuesByKey[K]) => string } = {
  limitReached: ({ kind, max, current }) => limitMessage(kind, max, current),
  overLimit: ({ kind, max, current }) => overLimitMessage(kind, max, current),
  pendingInviteExists: ({ daysLeft }) => pendingInviteExistsMessage(daysLeft),
};

/**
 * zod's own failures that no schema names (zod-errors.ts): "<text>: <field>", or the text alone when
 * the failure is not a field's.
 */
export const zodFallbackMessages = {
  invalidValue: "Invalid value",
  valueTooBig: "Value is too long or too large",
  valueTooSmall: "Value is too short or too small",
  invalidFormat: "Invalid format",
  invalidChoice: "Invalid choice",
} as const;
export type ZodFallbackKey = keyof typeof zodFallbackMessages;

/** Every error message's key: what the `errors` catalogs of the other languages translate. */
export type ErrorKey = MessageKey | ValuedMessageKey | ZodFallbackKey;

/**
 * An error message by key, with its values when it has any: what AppError, the limit rules and the
 * transports carry (ADR 0020). The English comes from `englishText`, the other languages from the
 * `errors` catalogs.
 */
export type KeyedMessage =
  | { key: MessageKey }
  | { [K in ValuedMessageKey]: { key: K; values: MessageValuesByKey[K] } }[ValuedMessageKey]
  | { key: ZodFallbackKey; values: { field: string } };

const isZodFallbackKey = (key: string): key is ZodFallbackKey => key in zodFallbackMessages;

/** A keyed message in the spec's English. */
export function englishText(message: KeyedMessage): string {
  if (!("values" in message)) return messages[message.key];
  if (isZodFallbackKey(message.key)) {
    const { field } = message.values as { field: string };
    return field ? `${zodFallbackMessages[message.key]}: ${field}` : zodFallbackMessages[message.key];
  }
  return (valuedMessages[message.key] as (values: unknown) => string)(message.values);
}
