import {
  authTokens,
  emailSendLog,
  groupJoinRequests,
  groupMembers,
  groups,
  invites,
  sessions,
  users,
  type Database,
} from "@hyn/db";
import { and, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { RETENTION_MS, type RetentionKind } from "./periods";

/** Rows deleted per statement: a clean-up never holds a long lock on a table the app writes. */
const BATCH = 1000;

interface CleanUp {
  table: PgTable;
  /** The column the batches are chosen by (the table's key). */
  key: PgColumn;
  /** The rows past their period, given the cut-off (`now` less the period). */
  due: (cutoff: Date) => SQL | undefined;
  /** Whether it applies: unconfirmed accounts only when confirmation is required. */
  appliesWhen?: (options: CleanUpOptions) => boolean;
}

export interface CleanUpOptions {
  requireEmailConfirmation: boolean;
}

/** Each kind of row the clean-up deletes, and which rows are past their period (RETENTION_MS). */
const CLEAN_UPS: Record<RetentionKind, CleanUp> = {
  expiredSessions: { table: sessions, key: sessions.id, due: (cutoff) => lt(sessions.expiresAt, cutoff) },
  spentAuthTokens: {
    table: authTokens,
    key: authTokens.tokenHash,
    due: (cutoff) => or(lt(authTokens.usedAt, cutoff), lt(authTokens.expiresAt, cutoff)),
  },
  unconfirmedAccounts: {
    table: users,
    key: users.id,
    // Never one tied to anything (a group joined or created), nor a suspended one (the audit log names it).
    due: (cutoff) =>
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, cutoff),
        isNull(users.suspendedAt),
        sql`not exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${users.id})`,
        sql`not exists (select 1 from ${groups} where ${groups.createdBy} = ${users.id})`,
      ),
    appliesWhen: (options) => options.requireEmailConfirmation,
  },
  sendLog: { table: emailSendLog, key: emailSendLog.id, due: (cutoff) => lt(emailSendLog.createdAt, cutoff) },
  joinRequests: {
    table: groupJoinRequests,
    key: groupJoinRequests.id,
    // A decline counts from when it was made, so its 7 days' wait is never cut short (issue 43).
    // The cutoff as text with its type: inside coalesce(...) the driver cannot tell a Date's column type.
    due: (cutoff) =>
      sql`coalesce(${groupJoinRequests.declinedAt}, ${groupJoinRequests.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
  },
  pastInvitations: {
    table: invites,
    key: invites.id,
    due: (cutoff) => or(and(isNotNull(invites.usedAt), lt(invites.usedAt, cutoff)), lt(invites.expiresAt, cutoff)),
  },
};

/** Deletes the rows of one kind past its period, a batch at a time; returns how many. */
async function cleanUp(db: Database, kind: RetentionKind, now: Date): Promise<number> {
  const { table, key, due } = CLEAN_UPS[kind];
  const where = due(new Date(now.getTime() - RETENTION_MS[kind]));
  let total = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(BATCH);
    const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/** Every clean-up that applies, one after another; how many rows each deleted. */
export async function runCleanUps(
  db: Database,
  now: Date,
  options: CleanUpOptions,
): Promise<Partial<Record<RetentionKind, number>>> {
  const deleted: Partial<Record<RetentionKind, number>> = {};
  for (const kind of Object.keys(CLEAN_UPS) as RetentionKind[]) {
    if (CLEAN_UPS[kind].appliesWhen?.(options) === false) continue;
    deleted[kind] = await cleanUp(db, kind, now);
  }
  return deleted;
}
