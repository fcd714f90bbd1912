import { DAY_MS } from "../shared/clock";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Quiet members, gently (issue 41 §5, PRODUCT "Quiet members"): the one rule of who is quiet and when
 * they hear from the app, read by the owner's member list, the e-mail to quiet members and the group's
 * health card (§4). A visit is a use of a session (`users.last_active_at`, ADR 0005, written at most
 * hourly); in a group, quiet counts from the later of the last visit and the join (a member approved
 * days after asking, who never came back, is quiet from the approval). Nobody is ever removed for it.
 */

/** A member is quiet once this many whole days passed since their last visit. */
export const QUIET_AFTER_DAYS = 30;
/** A quiet member gets the "what your groups did" e-mail at most once in this many days. */
export const QUIET_NOTICE_EVERY_DAYS = 90;
/** That e-mail tells what happened in this many last days ("this month"). */
export const QUIET_NOTICE_COVERS_DAYS = 30;
/** At most this many lines of each list (fulfilled, still needed) per group in that e-mail; the rest is counted. */
export const QUIET_NOTICE_MAX_ITEMS = 5;

/** The words' rule ("quiet for 5 weeks": weeks from 2 weeks on), in validators so the web reads it too. */
export { QUIET_IN_WEEKS_FROM_DAYS, quietDuration, type QuietDuration } from "@hyn/validators/policy";

/**
 * Whole days a member has been quiet as of `now`, or null when they are not quiet (under
 * QUIET_AFTER_DAYS since the later of their last visit and their join); with neither, nothing can be
 * said (null).
 */
export function quietSinceDays(lastActiveAt: Date | null, now: Date, joinedAt?: Date | null): number | null {
  const since = Math.max(lastActiveAt?.getTime() ?? -Infinity, joinedAt?.getTime() ?? -Infinity);
  if (since === -Infinity) return null;
  const days = Math.floor((now.getTime() - since) / DAY_MS);
  return days >= QUIET_AFTER_DAYS ? days : null;
}

/** Whether a quiet member may be sent the e-mail now: never sent, or last sent QUIET_NOTICE_EVERY_DAYS ago or more. */
export function quietNoticeDue(lastSent: Date | null, now: Date): boolean {
  return !lastSent || now.getTime() - lastSent.getTime() >= QUIET_NOTICE_EVERY_DAYS * DAY_MS;
}

type Time = AnyPgColumn | SQL;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** The later of the last visit and the join (PostgreSQL's greatest() passes over a null). */
const sinceSql = (lastActiveAt: Time, joinedAt?: Time) =>
  joinedAt ? sql`greatest(${lastActiveAt}, ${joinedAt})` : sql`${lastActiveAt}`;

/** `quietSinceDays` in SQL: whole days quiet as of `now`, or null. */
export function quietSinceDaysSql(lastActiveAt: Time, now: Date, joinedAt?: Time): SQL<number | null> {
  const since = sinceSql(lastActiveAt, joinedAt);
  return sql<number | null>`(case when ${since} <= ${daysBefore(now, QUIET_AFTER_DAYS)}::timestamptz
    then floor(extract(epoch from (${now.toISOString()}::timestamptz - ${since})) / ${DAY_MS / 1000})::int end)`.mapWith(
    Number,
  );
}

/** Whether a member is quiet as of `now` (a condition; never true with neither a visit nor a join). */
export function isQuietSql(lastActiveAt: Time, now: Date, joinedAt?: Time): SQL<boolean> {
  return sql<boolean>`(${sinceSql(lastActiveAt, joinedAt)} <= ${daysBefore(now, QUIET_AFTER_DAYS)}::timestamptz)`;
}

/** `quietNoticeDue` in SQL, on the stamp of the last one sent. */
export function quietNoticeDueSql(lastSent: Time, now: Date): SQL<boolean> {
  return sql<boolean>`(${lastSent} is null or ${lastSent} <= ${daysBefore(now, QUIET_NOTICE_EVERY_DAYS)}::timestamptz)`;
}
