import { deliverPushes, PUSH_BATCH_SIZE, PUSH_DELIVERY_QUEUE, type PushDeliveryDeps, type PushJob } from "@hyn/core";
import type { AppMetrics } from "../metrics";
import type { JobEngine } from "./engine";

/**
 * The worker that sends queued pushes (issue 16, ADR 0017; issue 44: in batches). One job is one push
 * to one device; an instance takes up to PUSH_BATCH_SIZE waiting jobs at once, woken when the change
 * that queued them commits, and sends them side by side, at most PUSH_SENDS_PER_SERVICE at once to each
 * push service. pg-boss hands a job to one instance at a time, so an event reaches a device once
 * however many instances run; a push service that is down or busy (5xx, 429, no answer) makes that
 * job fail and come back alone, with backoff.
 */
export async function definePushDelivery(
  engine: JobEngine,
  deps: PushDeliveryDeps & { metrics?: AppMetrics },
): Promise<void> {
  await engine.defineBatch<PushJob>(
    PUSH_DELIVERY_QUEUE,
    async (batch) => {
      const jobs = batch.map((job) => job.data);
      const outcomes = await deliverPushes(deps, jobs);
      outcomes.forEach((outcome, i) => {
        const job = jobs[i]!;
        if (outcome.status === "rejected") {
          deps.metrics?.pushDeliveryFailed("retried");
          return;
        }
        if (outcome.value === "refused" || outcome.value === "rejected")
          deps.metrics?.pushDeliveryFailed(outcome.value);
        deps.logger.info(
          { subscriptionId: job.subscriptionId, kind: job.payload.kind, outcome: outcome.value },
          "push job done",
        );
      });
      return outcomes;
    },
    // One waiting job per (event, device) key; about 30 s, 1, 2, 4, 8 min apart when the push service fails.
    {
      oneWaitingPerKey: true,
      retryLimit: 5,
      retryDelaySeconds: 30,
      expireInSeconds: 2 * 60,
      batchSize: PUSH_BATCH_SIZE,
    },
  );
}
