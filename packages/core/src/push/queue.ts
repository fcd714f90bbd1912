import { pushSubscriptions, type Executor } from "@hyn/db";
import { and, eq, inArray } from "drizzle-orm";
import { channelOnSql, channelsFor } from "../preferences/notification-preferences";
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
  for (const device of devices) await sendToDevice(tx, jobs, push, device.id);
  return devices.length;
}

/**
 * Queues notifications for many people as queuePush does each, reading their devices that take the
 * pushes' kind in one statement per kind among them (a job per device, as there).
 */
export async function queuePushes(
  tx: Executor,
  jobs: JobQueue | undefined,
  pushes: readonly { userId: string; event: string; payload: PushPayload }[],
): Promise<number> {
  if (!jobs || pushes.length === 0) return 0;
  let queued = 0;
  for (const kind of new Set(pushes.map((push) => push.payload.kind))) {
    const ofKind = pushes.filter((push) => push.payload.kind === kind);
    const devices = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(
        and(
          inArray(pushSubscriptions.userId, [...new Set(ofKind.map((push) => push.userId))]),
          channelOnSql(pushSubscriptions.userId, kind, "push"),
        ),
      );
    for (const push of ofKind)
      for (const device of devices.filter((d) => d.userId === push.userId)) {
        await sendToDevice(tx, jobs, push, device.id);
        queued++;
      }
  }
  return queued;
}

/** One device's job: the event and the device are its singleton key. */
function sendToDevice(
  tx: Executor,
  jobs: JobQueue,
  push: { userId: string; event: string; payload: PushPayload },
  deviceId: string,
) {
  const job: PushJob = { subscriptionId: deviceId, userId: push.userId, payload: push.payload };
  return jobs.send(PUSH_DELIVERY_QUEUE, job, { singletonKey: `${push.event}:${deviceId}`, in: tx });
}
