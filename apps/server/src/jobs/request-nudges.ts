import { STILL_NEEDED_JOB, type Logger, type StillNeededJob } from "@hyn/core";
import type { JobEngine } from "./engine";

export interface StillNeededDeps {
  run: (job: StillNeededJob) => Promise<string>;
  logger: Logger;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/**
 * The "Still needed" nudges' queue and this instance's worker for it (issue 26). Posting sends its jobs,
 * timed for the due time (packages/core/src/nudges). One waiting job per request and needed-by time; a
 * job may still run twice (a retry after a crash, an expired lease taken back by another instance): the
 * handler's transaction records the nudge under a primary key, so the second run sends nothing.
 */
export async function defineStillNeededNudges(engine: JobEngine, deps: StillNeededDeps): Promise<void> {
  await engine.define<StillNeededJob>(
    STILL_NEEDED_JOB,
    async (job) => {
      const outcome = await deps.run(job);
      deps.logger.info({ requestId: job.requestId, outcome }, "still-needed nudge");
      if (outcome === "sent") deps.onSent?.();
    },
    { oneWaitingPerKey: true },
  );
}
