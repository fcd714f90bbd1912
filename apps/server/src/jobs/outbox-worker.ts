import { deliverDueEmails, type DeliveryDeps } from "@hyn/core";

export interface OutboxWorker {
  /** Runs one delivery pass now (after a mutation, or from a test); resolves when it has ended. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Polls the e-mail outbox every second; passes never overlap, and stop() waits for the one in flight.
 * A pass sends until nothing is due. Sent e-mails are pruned by a job of the engine (`outbox-pruner.ts`).
 */
export function startOutboxWorker(deps: DeliveryDeps, intervalMs = 1000): OutboxWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        while (!stopped && (await deliverDueEmails(deps)) > 0);
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
