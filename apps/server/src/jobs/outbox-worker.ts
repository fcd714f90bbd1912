import { deliverDueEmails, listenOn, OUTBOX_CHANNEL, type DeliveryDeps } from "@hyn/core";

export interface OutboxWorker {
  /** Runs one delivery pass now (after a mutation, or from a test); resolves when it has ended. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  /** The poll, the fallback to the wake-up (and what sends a retry once it is due). */
  intervalMs?: number;
  /**
   * Wake when a transaction that queued e-mails commits (OUTBOX_CHANNEL, on any instance): the server
   * listens; tests that drive passes themselves do not.
   */
  wakeOnCommit?: boolean;
}

/**
 * Sends the outbox when a transaction that queued e-mails commits, and polls it every second as the
 * fallback (a notice lost while the LISTEN connection was down, a retry come due). Passes never overlap:
 * a wake-up during one runs another after it, so no e-mail committed meanwhile waits for the poll; stop()
 * waits for the one in flight. A pass sends until nothing is due. Sent e-mails are pruned by a job of the
 * engine (`outbox-pruner.ts`).
 */
export function startOutboxWorker(deps: DeliveryDeps, options: OutboxWorkerOptions = {}): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await deliverDueEmails(deps)) > 0);
        } while (again && !stopped);
      } catch (error) {
        deps.logger.error({ err: error }, "outbox pass failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void pass(), options.intervalMs ?? 1000);
  timer.unref();
  // A failed LISTEN leaves the poll: logged, never fatal.
  const unlisten = options.wakeOnCommit
    ? listenOn(
        deps.db,
        OUTBOX_CHANNEL,
        () => void pass(),
        // Listening again after a reconnect: whatever was committed meanwhile goes now.
        () => void pass(),
      ).catch((error: unknown) => {
        deps.logger.warn({ err: error }, "outbox: cannot LISTEN; sending on the poll alone");
        return null;
      })
    : Promise.resolve(null);
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      try {
        await (
          await unlisten
        )?.();
      } catch (error) {
        deps.logger.warn({ err: error }, "outbox: unlisten failed");
      }
      await running;
    },
  };
}
