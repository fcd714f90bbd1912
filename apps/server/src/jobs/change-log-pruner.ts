import { pruneChangeLog, readTransactionHorizon } from "@hyn/core";
import type { Database } from "@hyn/db";
import type { JobEngine } from "./engine";

export const CHANGE_LOG_PRUNE_JOB = "change-log-prune";

/**
 * Keeps change_log (ADR 0009) from growing without end. Each pass takes the transaction horizon and
 * deletes the rows below the newest horizon it took at least `periodMs` earlier; with a period no
 * shorter than an answer's longest life, every cached answer's snapshot already sees those rows.
 * Passes run on whichever instance picks the job, so each instance keeps its own horizons: an older
 * one only prunes less.
 */
export function changeLogPruningPass(
  db: Database,
  periodMs: number,
  now: () => number = Date.now,
): () => Promise<void> {
  const horizons: { takenAt: number; horizon: string }[] = [];
  return async () => {
    const horizon = await readTransactionHorizon(db);
    const takenAt = now();
    let ripe: string | null = null;
    while (horizons.length > 0 && takenAt - horizons[0]!.takenAt >= periodMs) ripe = horizons.shift()!.horizon;
    if (ripe !== null) await pruneChangeLog(db, ripe);
    horizons.push({ takenAt, horizon });
  };
}

/** A maintenance pass every minute, on one instance at a time. */
export async function scheduleChangeLogPruning(engine: JobEngine, db: Database, periodMs: number): Promise<void> {
  const pass = changeLogPruningPass(db, periodMs);
  await engine.every(CHANGE_LOG_PRUNE_JOB, "* * * * *", () => pass());
}
