import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "@hyn/db";

/**
 * change_log only grows; rows old enough that every snapshot any cache entry can hold already sees
 * them answer nothing, and go. "Old enough" is measured in transaction ids, not clock time: the
 * horizon is the oldest transaction still running when it was taken (pg_snapshot_xmin), so a row
 * below a horizon taken at least one entry lifetime ago was committed (or rolled back) before any
 * live entry's snapshot was.
 */
export async function readTransactionHorizon(db: Database): Promise<string> {
  const rows = await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`);
  return rowsOf<{ horizon: string }>(rows)[0]!.horizon;
}

/** Deletes the log rows below the horizon; returns how many went. */
export async function pruneChangeLog(db: Database, horizon: string): Promise<number> {
  const rows = await db.execute(
    sql`with gone as (delete from change_log where xid < ${horizon}::xid8 returning 1) select count(*)::int as pruned from gone`,
  );
  return Number(rowsOf<{ pruned: number }>(rows)[0]!.pruned);
}
