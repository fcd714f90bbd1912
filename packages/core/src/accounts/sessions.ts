import { perDatabase, sessions, users, type Database, type Executor } from "@hyn/db";
import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { publishSessionsEnded } from "../events/publish";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../shared/clock";
import { generateToken, hashToken } from "../shared/tokens";
import { userColumns, type UserRow } from "./user-view";

export const SESSION_TTL_MS = 30 * DAY_MS;
/** Sliding expiry: a session used in its last 15 days is extended to a full 30 again. */
const SESSION_REFRESH_WINDOW_MS = 15 * DAY_MS;
/** last_active_at is written at most this often per user, so reads stay reads. */
const ACTIVITY_WRITE_INTERVAL_MS = HOUR_MS;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/**
 * A session a password-reset link created may change the password without the current one for this
 * long (PRODUCT "Changing the password"); any other session must give the current one.
 */
export const RESET_LINK_GRACE_MS = 15 * MINUTE_MS;

export async function createSession(
  executor: Executor,
  userId: string,
  now: Date,
  origin: "sign-in" | "reset link" = "sign-in",
): Promise<IssuedSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const fromResetLinkAt = origin === "reset link" ? now : null;
  await executor.insert(sessions).values({ id: hashToken(token), userId, expiresAt, createdAt: now, fromResetLinkAt });
  await executor.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

export interface ValidatedSession {
  sessionId: string;
  expiresAt: Date;
  user: UserRow;
}

/**
 * What a session check reads, from `sessions` joined to `users`: the facts the rules below weigh and
 * the user. The answer cache's check (answer-cache/freshness.ts) reads the same.
 */
export const sessionRowColumns = { expiresAt: sessions.expiresAt, lastActiveAt: users.lastActiveAt, user: userColumns };

/** A session token as stored (its hash); null for a token no session can have. */
export function sessionIdOfToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  return hashToken(token);
}

/** A suspended account's sessions are deleted with the suspension; one a sign-in racing it made is refused by this. */
const accountNotSuspended = isNull(users.suspendedAt);

/** Every authenticated call runs this read: built once per database. */
const sessionQueries = perDatabase((db) => ({
  bySessionId: db
    .select(sessionRowColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), accountNotSuspended))
    .prepare("session_by_id"),
}));

/** The session row facts every validation weighs; a read that skips validateSessionToken weighs them too. */
export interface SessionFacts {
  expiresAt: Date;
  lastActiveAt: Date | null;
}

function isExpired(facts: SessionFacts, now: Date): boolean {
  return facts.expiresAt.getTime() <= now.getTime();
}

function shouldSlideExpiry(facts: SessionFacts, now: Date): boolean {
  return facts.expiresAt.getTime() - now.getTime() < SESSION_REFRESH_WINDOW_MS;
}

function shouldRecordActivity(facts: SessionFacts, now: Date): boolean {
  return !facts.lastActiveAt || now.getTime() - facts.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS;
}

/**
 * True when validating this session would do more than read it (delete it as expired, slide its
 * expiry, record activity): a caller that read the session row itself must then go through
 * validateSessionToken instead.
 */
export function sessionNeedsWrite(facts: SessionFacts, now: Date): boolean {
  return isExpired(facts, now) || shouldSlideExpiry(facts, now) || shouldRecordActivity(facts, now);
}

/** One indexed read per call; writes only when the expiry slides or activity is stale. */
export async function validateSessionToken(db: Database, token: string, now: Date): Promise<ValidatedSession | null> {
  const sessionId = sessionIdOfToken(token);
  if (!sessionId) return null;
  const [row] = await sessionQueries(db).bySessionId.execute({ sessionId });
  if (!row) return null;
  if (isExpired(row, now)) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  if (shouldSlideExpiry(row, now)) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  if (shouldRecordActivity(row, now)) {
    await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, row.user.id));
  }
  return { sessionId, expiresAt, user: row.user };
}

/** True while a session a reset link created is within RESET_LINK_GRACE_MS of its creation. */
export async function isFreshFromResetLink(executor: Executor, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await executor
    .select({ fromResetLinkAt: sessions.fromResetLinkAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  const at = row?.fromResetLinkAt;
  return at != null && now.getTime() - at.getTime() < RESET_LINK_GRACE_MS;
}

/**
 * Of the given sessions, those a call could still use (present, unexpired, the account not suspended):
 * live streams check theirs with it, one read for all the streams of an instance.
 */
export async function usableSessionIds(db: Database, sessionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...sessionIds]), accountNotSuspended));
  return new Set(rows.filter((row) => !isExpired({ ...row, lastActiveAt: null }, now)).map((row) => row.id));
}

/**
 * Every way a session ends goes through here: the rows go and, on commit, every instance ends their
 * live streams (events/live.ts). Returns how many ended.
 */
async function endSessions(executor: Executor, which: SQL | undefined): Promise<number> {
  const ended = await executor.delete(sessions).where(which).returning({ id: sessions.id });
  await publishSessionsEnded(
    executor,
    ended.map((row) => row.id),
  );
  return ended.length;
}

/** Signs one session out. */
export async function invalidateSession(executor: Executor, sessionId: string): Promise<void> {
  await endSessions(executor, eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user, except the one given (the caller's own, after a password change);
 * returns how many ended.
 */
export function invalidateUserSessions(executor: Executor, userId: string, exceptSessionId?: string): Promise<number> {
  return endSessions(
    executor,
    exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId),
  );
}
