import { deliverPush, PUSH_DELIVERY_QUEUE, type PushDeliveryDeps, type PushJob } from "@hyn/core";
import type { AppMetrics } from "../metrics";
import type { JobEngine } from "./engine";

/**
 * The worker that sends queued pushes (issue 16, ADR 0017), one device per job. pg-boss hands a job
 * to one instance at a time, so an event reaches a device once however many instances run; a push
 * service that is down or busy (5xx, 429, no answer) makes the job fail and come back with backoff.
 */
export async function definePushDelivery(
  engine: JobEngine,
  deps: PushDeliveryDeps & { metrics?: AppMetrics },
): Promise<void> {
  await engine.define<PushJob>(
    PUSH_DELIVERY_QUEUE,
    async (job) => {
      const outcome = await deliverPush(deps, job).catch((error: unknown) => {
        deps.metrics?.pushDeliveryFailed("retried");
        throw error;
      });
      if (outcome === "refused" || outcome === "rejected") deps.metrics?.pushDeliveryFailed(outcome);
      deps.logger.info({ subscriptionId: job.subscriptionId, kind: job.payload.kind, outcome }, "push job done");
    },
    // One waiting job per (event, device) key; about 30 s, 1, 2, 4, 8 min apart when the push service fails.
    { oneWaitingPerKey: true, retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 2 * 60 },
  );
}
