import { deliverDueEmails, type DeliveryDeps } from "@hyn/core";

export interface OutboxWorker {
  /** Runs one delivery pass now (after a mutation, or from a test). */
  kick(): void;
  stop(): Promise<void>;
}

/** Polls the e-mail outbox every second; passes never overlap, and stop() waits for the one in flight. */
export function startOutboxWorker(deps: DeliveryDeps, intervalMs = 1000): OutboxWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while (!stopped && (await deliverDueEmails(deps)) > 0);
      } catch (error) {
        deps.logger.error({ err: error }, "outbox pass failed");
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(pass, intervalMs);
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
