/**
 * The product's numbers, each written once (PRODUCT "Limits" and the issues since). The services, the schema's
 * defaults, the messages, the e-mails and the screens that state a number all read it from here, so
 * changing one is one line and every text that mentions it follows. Zod-free: the web imports it.
 */

/** A password has at least this many characters (PRODUCT "What is checked"). */
export const MIN_PASSWORD_LENGTH = 6;
/** argon2 hashes anything, but a megabyte password is an attack, not a password. */
export const MAX_PASSWORD_LENGTH = 256;
/** A person's name, a group's name, a request's item description and a feedback message: at most this many characters. */
export const MAX_NAME_LENGTH = 100;
/** A profile's phone number and its general area, at most this many characters. */
export const MAX_PHONE_LENGTH = 40;
export const MAX_GENERAL_AREA_LENGTH = 100;
/** How to reach a neighbour without the app ("ring twice"), at most this many characters (issue 42 §1). */
export const MAX_HOW_TO_REACH_LENGTH = 300;
/** Long enough for "Maple Street Neighbours, Building 4, East Wing"; short enough for a card title. */
export const MAX_GROUP_NAME_LENGTH = 100;
export const MAX_ITEM_DESCRIPTION_LENGTH = 500;
/** A request's store preference and its pickup notes (a trip's item's notes too): at most this many characters. */
export const MAX_STORE_PREFERENCE_LENGTH = 200;
export const MAX_PICKUP_NOTES_LENGTH = 1000;
/** A group's optional description (PRODUCT "What is checked"): at most this many characters. */
export const MAX_GROUP_DESCRIPTION_LENGTH = 500;
/** A group's optional rules (PRODUCT "Group rules"): at most this many characters. */
export const MAX_GROUP_RULES_LENGTH = 2000;
/** The invite form takes at most this many addresses at once (more than the pending limit, so each is reported). */
export const MAX_INVITE_ADDRESSES = 20;
export const MAX_FEEDBACK_MESSAGE_LENGTH = 5000;
/** A device's label (push notifications) has at most this many characters. */
export const PUSH_LABEL_MAX = 80;
/** An admin sets a limit from 0 (blocks the action) to this ("practically unlimited"). */
export const MAX_USER_LIMIT = 1000;
/** An admin's call about several users names at most this many. */
export const MAX_USERS_PER_CALL = 200;
/** REST's `?limit=`: finished requests per page, at most. */
export const PAGE_LIMIT_MAX = 100;
/** A group holds at most this many members, its owner included. */
export const MAX_GROUP_MEMBERS = 20;
/** Unused, unexpired invitations one person may have out at once. */
export const MAX_PENDING_INVITATIONS = 10;
/** An invitation link works this long. */
export const INVITE_VALIDITY_DAYS = 7;
/** An accepted or declined invitation stays in its sender's sent list this long after it was used. */
export const USED_INVITATION_SHOWN_DAYS = 7;
/** A group link (issue 27) works for one of these many days, the middle one unless the owner picks another. */
export const GROUP_LINK_VALIDITY_DAYS = [1, 7, 30] as const;
export const DEFAULT_GROUP_LINK_VALIDITY_DAYS = 7;
/** A group has at most this many live (unexpired, unrevoked) links at once. */
export const MAX_LIVE_GROUP_LINKS = 5;
/** Someone the owner declined cannot ask to join that group again for this long (issue 43). */
export const JOIN_REQUEST_DECLINE_COOLDOWN_DAYS = 7;
/** The owner is told of one person's asking at most once in this long, however often they withdraw and ask again. */
export const JOIN_REQUEST_NOTICE_GAP_MS = 60_000;
/** Verification and password-reset links work this long. */
export const AUTH_LINK_VALIDITY_HOURS = 24;
/** A new account's limits (PRODUCT "Limits"); an admin may change a person's own. */
export const DEFAULT_USER_LIMITS = { maxOpenRequests: 5, maxGroupsCreated: 3, maxGroupsJoined: 5 } as const;
/** The owner may re-send a request's notice to the group once per this many hours (posting sends one). */
export const REQUEST_NOTIFY_INTERVAL_HOURS = 1;
export const REQUEST_NOTIFY_INTERVAL_MS = REQUEST_NOTIFY_INTERVAL_HOURS * 60 * 60 * 1000;
/** The usage bar warns from this share of a limit (PRODUCT "How things change"). */
export const NEAR_LIMIT_RATIO = 0.8;
/** Beyond this a needed-by date is a typo (or a probe: year 10000 cannot be stored), not a plan. */
export const MAX_NEEDED_BY_YEARS_AHEAD = 5;
/**
 * The last year a date sent to the API may fall in (UTC): JavaScript writes a later one as `+010000`, which
 * PostgreSQL does not read as a year, and no plan here reaches it.
 */
export const LATEST_DATE_YEAR = 9999;

/** "an hour", "24 hours": how the texts say a number of hours. */
export function hoursInWords(hours: number): string {
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/** The helper is reminded this long before a claimed request's needed-by time (none for a later claim). */
export const HELPER_REMINDER_LEAD_HOURS = 3;
/** The requester of a still-open request is reminded this long before its needed-by time (or half-way, when shorter). */
export const REQUESTER_REMINDER_LEAD_HOURS = 24;
/**
 * A request nobody has offered for at this share of its time from posting to needed-by (issue 41 §3) is shown
 * again at the top of its lists ("Nobody has offered yet") and goes out once more ("Still needed") to the
 * members who had not been told at once (`nobodyOfferedFrom` in first-offer.ts is the moment)...
 */
export const FIRST_OFFER_WAIT_SHARE = 1 / 2;
/** ...but no sooner than this long after posting (and never at or after the needed-by time). */
export const FIRST_OFFER_MIN_WAIT_HOURS = 2;
/** A helper who gives a request back this close to its needed-by time: the group is told at once. */
export const GIVEN_BACK_NOTICE_HOURS = 24;
/** A fulfilled request the helper was thanked for stays in their "Requests you can help with" this long. */
export const THANKS_SHOWN_TO_HELPER_DAYS = 7;
/** A person's push devices beyond this many: the least recently subscribed one goes. */
export const MAX_PUSH_DEVICES = 20;
/** A personal calendar feed lists at most this many events, the soonest. */
export const CALENDAR_FEED_MAX_EVENTS = 100;

/**
 * How recently a member was active, as the owner's member list says it (issue 29, PRODUCT "Member
 * activity"): within the last 7 days, 30 days, 90 days, or longer ago (or never). From
 * `users.last_active_at`, written at most hourly by sessions (ADR 0005); only the bucket is shown.
 */
export const MEMBER_ACTIVITY = ["week", "month", "quarter", "older"] as const;
export type MemberActivity = (typeof MEMBER_ACTIVITY)[number];
export const MEMBER_ACTIVITY_DAYS: Record<Exclude<MemberActivity, "older">, number> = {
  week: 7,
  month: 30,
  quarter: 90,
};

/**
 * How long a member has been quiet reads in weeks from two weeks on ("quiet for 5 weeks"), in days below
 * that (issue 41 §5). The rule of who is quiet is core's `quiet-members/rule.ts`; the words are here,
 * where the web reads them too.
 */
export const QUIET_IN_WEEKS_FROM_DAYS = 14;
export type QuietDuration = { unit: "weeks" | "days"; count: number };
/** "quiet for 5 weeks": whole weeks from QUIET_IN_WEEKS_FROM_DAYS on, else whole days (`sharing.quietFor`). */
export function quietDuration(days: number): QuietDuration {
  return days >= QUIET_IN_WEEKS_FROM_DAYS
    ? { unit: "weeks", count: Math.floor(days / 7) }
    : { unit: "days", count: days };
}

/** What a member may report a request or a neighbour for (issue 29): spam; offensive or abusive; unsafe; not allowed here; other. */
export const REPORT_CATEGORIES = ["spam", "offensive", "unsafe", "not_allowed", "other"] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
/** A report's optional note, and an admin's reason for a suspension or a removal, at most this long. */
export const MAX_REPORT_NOTE_LENGTH = 500;
export const MAX_MODERATION_REASON_LENGTH = 500;
/** The admin audit log's page (newest first). */
export const ADMIN_AUDIT_PAGE_SIZE = 100;
/** "New Users" on the metrics page: accounts created in this many last days (ADR 0005). */
export const NEW_USERS_DAYS = 30;
/** What the admin audit log records (issue 29, ADR 0024). */
export const ADMIN_AUDIT_ACTIONS = [
  "report_dismissed",
  "user_suspended",
  "user_reinstated",
  "request_removed",
  "group_removed",
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];
/** Trips (issue 28): how far ahead one may be announced, and when its list closes unless told. */
export const TRIP_MAX_DAYS_AHEAD = 60;
export const TRIP_DEFAULT_CLOSE_LEAD_MINUTES = 60;
export const MAX_TRIP_STORE_LENGTH = 200;
export const MAX_TRIP_NOTE_LENGTH = 1000;
/** The largest cap on a trip's items one may set. */
export const MAX_TRIP_ITEMS = 50;
/** How many of an item one may ask a trip for, at most. */
export const MAX_TRIP_ITEM_QUANTITY = 99;
/** At most this many requests taken along in one call. */
export const MAX_TRIP_TAKE = 20;
/** A weekly trip's next one is announced this long before it leaves. */
export const TRIP_REPEAT_ANNOUNCE_LEAD_DAYS = 6;
/** The tripper's reminder, this long before leaving. */
export const TRIP_REMINDER_LEAD_MINUTES = 60;

/**
 * The notice-board sheet (issue 42 §2): what is needed within this many days, at most so many of them
 * and so many trips (the rest counted), so that a typical group's sheet is one page, A4 or Letter.
 */
export const NOTICE_SHEET_DAYS = 7;
export const NOTICE_SHEET_MAX_NEEDS = 8;
export const NOTICE_SHEET_MAX_TRIPS = 4;
