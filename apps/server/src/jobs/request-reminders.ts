import { REQUEST_REMINDER_JOB, type Logger, type RequestReminderJob } from "@hyn/core";
import type { JobEngine } from "./engine";

export interface RequestReminderDeps {
  run: (job: RequestReminderJob) => Promise<string>;
  logger: Logger;
  /** After an e-mail was queued: deliver it now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/**
 * The reminders' queue and this instance's worker for it. Posting and claiming send its jobs, timed for
 * the due time (packages/core/src/reminders). One waiting job per request and kind; a job may still run
 * twice (a retry after a crash, an expired lease taken back by another instance): the handler's
 * transaction records each reminder under a primary key, so the second run sends nothing.
 */
export async function defineRequestReminders(engine: JobEngine, deps: RequestReminderDeps): Promise<void> {
  await engine.define<RequestReminderJob>(
    REQUEST_REMINDER_JOB,
    async (job) => {
      const outcome = await deps.run(job);
      deps.logger.info({ requestId: job.requestId, kind: job.kind, outcome }, "request reminder");
      if (outcome === "sent") deps.onSent?.();
    },
    { oneWaitingPerKey: true },
  );
}
