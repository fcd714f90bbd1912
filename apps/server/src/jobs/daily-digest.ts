import { latestDigestSlot, type Clock, type DigestRunOptions, type DigestRunResult, type DigestSchedule, type Logger } from "@hyn/core";

export interface DigestScheduler {
  /** Checks now whether a digest time has passed since the last run (tests call it instead of waiting). */
  tick(): Promise<void>;
  /** Stops between two members and waits for the member in hand; another run finishes the rest. */
  stop(): Promise<void>;
}

export interface DigestSchedulerDeps {
  clock: Clock;
  logger: Logger;
  schedule: DigestSchedule;
  run: (options: DigestRunOptions) => Promise<DigestRunResult>;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onSent?: () => void;
  intervalMs?: number;
}

/**
 * Runs the daily summary in this process once per digest time (DIGEST_HOUR in APP_TIMEZONE), and once
 * at start for the latest one, so a server that was down at that hour catches up. Several instances
 * may run the same slot: each member is claimed in the database (ADR 0003), so nobody gets two.
 * A failed run is retried at the next tick.
 */
export function startDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const stopping = new AbortController();
  let finishedSlot: number | null = null;
  let running: Promise<void> | null = null;

  function tick(): Promise<void> {
    if (running) return running;
    if (stopping.signal.aborted) return Promise.resolve();
    const slot = latestDigestSlot(deps.clock.now(), deps.schedule);
    if (slot.getTime() === finishedSlot) return Promise.resolve();
    running = (async () => {
      try {
        const result = await deps.run({ slot, signal: stopping.signal });
        if (!stopping.signal.aborted) finishedSlot = slot.getTime();
        if (result.considered > 0) deps.logger.info({ slot: slot.toISOString(), ...result }, "daily summary run");
        if (result.sent > 0) deps.onSent?.();
      } catch (error) {
        deps.logger.error({ err: error, slot: slot.toISOString() }, "daily summary run failed; retrying at the next tick");
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void tick(), deps.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
