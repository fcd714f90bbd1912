import { pruneChangeLog, readTransactionHorizon, type Logger } from "@hyn/core";
import type { Database } from "@hyn/db";

export interface ChangeLogPruner {
  /** One pass: prune below the horizon taken a period ago, then take the next one (exported for tests). */
  pass(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps change_log (ADR 0009) from growing without end. Each pass deletes the rows below the
 * transaction horizon the previous pass took, one period earlier; with a period no shorter than an
 * answer's longest life, every cached answer's snapshot already sees those rows. Every instance runs
 * one; two deleting the same rows only wait on each other.
 */
export function startChangeLogPruner(deps: { db: Database; logger: Logger }, periodMs: number): ChangeLogPruner {
  let previousHorizon: string | null = null;
  let running: Promise<void> | null = null;
  const pass = async () => {
    const horizon = await readTransactionHorizon(deps.db);
    if (previousHorizon !== null) await pruneChangeLog(deps.db, previousHorizon);
    previousHorizon = horizon;
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.logger.error({ err: error }, "change log pruning failed"))
      .finally(() => {
        running = null;
      });
  };
  // The first pass, a period after start, only takes a horizon: nothing before it is known to be a period old.
  const timer = setInterval(tick, periodMs);
  timer.unref();
  return {
    pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
