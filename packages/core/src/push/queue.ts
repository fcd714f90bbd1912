import { pushSubscriptions, type Executor } from "@hyn/db";
import { eq } from "drizzle-orm";
import { channelsFor } from "../preferences/notification-preferences";
import type { JobQueue } from "../shared/jobs";
import type { PushPayload } from "./payload";

/** The job engine's queue whose jobs each send one push to one device (apps/server/src/jobs/push-delivery.ts). */
export const PUSH_DELIVERY_QUEUE = "push-delivery";

export interface PushJob {
  subscriptionId: string;
  /** The device must still be this person's when the job runs. */
  userId: string;
  payload: PushPayload;
}

/**
 * Queues a notification for every device of a person who has its kind on for push (preferences.ts),
 * in the caller's transaction: the pushes exist if and only if the change commits, and are sent later
 * by the job engine, never inside the request. `event` names the event (e.g. "claimed:<request>:<time>"):
 * with the device it is the job's singleton key, so one event is queued once per device however often
 * this runs. Without a job engine (tests that drive no workers, the CLI) nothing is queued.
 * Returns how many devices it was queued for.
 */
export async function queuePush(
  tx: Executor,
  jobs: JobQueue | undefined,
  push: { userId: string; event: string; payload: PushPayload },
): Promise<number> {
  if (!jobs) return 0;
  const { push: wanted } = await channelsFor(tx, push.userId, push.payload.kind);
  if (!wanted) return 0;
  const devices = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, push.userId));
  for (const device of devices) {
    const job: PushJob = { subscriptionId: device.id, userId: push.userId, payload: push.payload };
    await jobs.send(PUSH_DELIVERY_QUEUE, job, { singletonKey: `${push.event}:${device.id}`, in: tx });
  }
  return devices.length;
}
