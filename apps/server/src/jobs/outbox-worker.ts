import { HOUR_MS, deliverDueEmails, pruneSentEmails, type DeliveryDeps } from "@hyn/core";

export interface OutboxWorker {
  /** Runs one delivery pass now (after a mutation, or from a test); resolves when it has ended. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/** How often, by the injected clock, a pass also deletes e-mails sent long ago. */
const PRUNE_EVERY_MS = HOUR_MS;

/**
 * Polls the e-mail outbox every second; passes never overlap, and stop() waits for the one in flight.
 * A pass sends until nothing is due, then, at most once an hour, prunes sent e-mails (every instance
 * may: two deleting the same rows only wait on each other).
 */
export function startOutboxWorker(deps: DeliveryDeps, intervalMs = 1000): OutboxWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  let prunedAt = Number.NEGATIVE_INFINITY;
  const pass = () => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        while (!stopped && (await deliverDueEmails(deps)) > 0);
        const now = deps.clock.now();
        if (!stopped && now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = now.getTime();
          await pruneSentEmails(deps.db, now);
        }
      } catch (error) {
        deps.logger.error({ err: error }, "outbox pass failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
