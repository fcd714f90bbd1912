import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { pushSubscriptions, type Database } from "@hyn/db";
import { and, eq, inArray } from "drizzle-orm";
import webPush from "web-push";
import { isAppError } from "../shared/errors";
import type { Clock } from "../shared/clock";
import type { Logger } from "../shared/logger";
import { defaultPushConfig, type PushConfig, type VapidKeys } from "../shared/push-config";
import {
  checkEndpointUrl,
  checkResolvedAddresses,
  systemResolver,
  type CheckedEndpoint,
  type Resolver,
} from "./endpoint";
import { PUSH_DELIVERY, type PushPayload } from "./payload";
import type { PushJob } from "./queue";
import { loadVapidKeys } from "./vapid";

export interface PushDeliveryDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  push?: PushConfig;
  resolve?: Resolver;
  /** How long the push service has to answer. */
  timeoutMs?: number;
}

/** The push service failed in a way worth trying again (429, 5xx, no answer): the job engine retries with backoff. */
export class PushRetryableError extends Error {
  override readonly name = "PushRetryableError";
}

export type PushOutcome = "sent" | "gone" | "removed" | "refused" | "rejected";

/** Pushes sent at once to one push service (an endpoint's origin) by one instance. */
export const PUSH_SENDS_PER_SERVICE = 8;
/** Push jobs one instance takes from the queue at once (apps/server/src/jobs/push-delivery.ts). */
export const PUSH_BATCH_SIZE = 40;

type Device = { id: string; userId: string; endpoint: string; p256dh: string; auth: string };

/**
 * Sends one queued push (a job of PUSH_DELIVERY_QUEUE): the payload encrypted for the device
 * (aes128gcm, RFC 8291) with a VAPID signature (RFC 8292), its kind's TTL and urgency. 404/410 mean the
 * browser dropped the subscription: the row goes, as it does when its host is no longer allowed. 429, 5xx and network failures throw, so the job is
 * retried with backoff. Other refusals (400, 401, 403, 413) would fail again: logged, not retried.
 */
export async function deliverPush(deps: PushDeliveryDeps, job: PushJob): Promise<PushOutcome> {
  const [outcome] = await deliverPushes(deps, [job]);
  if (outcome!.status === "rejected") throw outcome!.reason;
  return outcome!.value;
}

/**
 * Sends a batch of queued pushes as deliverPush does each: their devices read in one statement, side by
 * side, at most PUSH_SENDS_PER_SERVICE at once to each push service. Each job's outcome, in order:
 * a rejected one is to be retried (alone).
 */
export async function deliverPushes(
  deps: PushDeliveryDeps,
  jobs: readonly PushJob[],
): Promise<PromiseSettledResult<PushOutcome>[]> {
  const outcomes: PromiseSettledResult<PushOutcome>[] = new Array(jobs.length);
  try {
    const ids = [...new Set(jobs.map((job) => job.subscriptionId))];
    const rows: Device[] = await deps.db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, ids));
    const devices = new Map(rows.map((row) => [row.id, row]));
    const byService = new Map<string, number[]>();
    jobs.forEach((job, i) => {
      const device = devices.get(job.subscriptionId);
      // Removed, or now another person's browser: this notice was not meant for them.
      if (!device || device.userId !== job.userId) {
        outcomes[i] = { status: "fulfilled", value: "gone" };
        return;
      }
      const service = serviceOf(device.endpoint);
      byService.set(service, [...(byService.get(service) ?? []), i]);
    });
    // One read of the signing keys for the batch.
    const keys = byService.size > 0 ? await loadVapidKeys(deps.db, deps.push ?? defaultPushConfig) : null;
    await Promise.all(
      [...byService.values()].map((indexes) =>
        inSlots(indexes, PUSH_SENDS_PER_SERVICE, async (i) => {
          const job = jobs[i]!;
          outcomes[i] = await sendTo(deps, job, devices.get(job.subscriptionId)!, keys!).then(
            (value) => ({ status: "fulfilled", value }),
            (reason: unknown) => ({ status: "rejected", reason }),
          );
        }),
      ),
    );
  } catch (error) {
    // The devices could not be read: every job not yet settled comes back.
    for (let i = 0; i < jobs.length; i++) outcomes[i] ??= { status: "rejected", reason: error };
  }
  return outcomes;
}

/** The push service an endpoint is on: its origin (an endpoint not a URL is its own, and refused when sent). */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}

/** Runs `work` over `items` with at most `slots` running at once. */
async function inSlots<T>(items: readonly T[], slots: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const slot = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(slots, items.length) }, slot));
}

/** One push to its device (read with the batch). */
async function sendTo(deps: PushDeliveryDeps, job: PushJob, device: Device, keys: VapidKeys): Promise<PushOutcome> {
  const push = deps.push ?? defaultPushConfig;
  let checked: CheckedEndpoint;
  try {
    checked = checkEndpointUrl(device.endpoint, push);
  } catch (error) {
    if (!isAppError(error)) throw error;
    // PUSH_SERVICE_HOSTS no longer lists its host: it would be refused on every job, so it goes, said once.
    await removeDevice(deps.db, job.subscriptionId, device);
    deps.logger.info(
      { subscriptionId: job.subscriptionId, reason: error.message },
      "push subscription removed: its endpoint is no longer allowed",
    );
    return "removed";
  }

  const { ttlSeconds, urgency } = PUSH_DELIVERY[job.payload.kind];
  const request = webPush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(job.payload),
    {
      vapidDetails: { subject: push.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      contentEncoding: "aes128gcm",
      TTL: ttlSeconds,
      urgency,
      topic: topicOf(job.payload),
    },
  );

  let status: number;
  try {
    status = await post(
      checked,
      request.headers as Record<string, string | number>,
      request.body!,
      deps.resolve ?? systemResolver,
      deps.timeoutMs ?? 15_000,
    );
  } catch (error) {
    // The name now resolves somewhere private (DNS rebinding): never sent, never retried.
    if (isAppError(error) && error.keyed.key === "pushEndpointNotPublic") {
      deps.logger.warn(
        { subscriptionId: job.subscriptionId, reason: error.message },
        "push endpoint resolves to a non-public address; not sent",
      );
      return "refused";
    }
    throw new PushRetryableError(
      `push service unreachable: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }

  if (status >= 200 && status < 300) {
    await deps.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: deps.clock.now() })
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    return "sent";
  }
  if (status === 404 || status === 410) {
    await removeDevice(deps.db, job.subscriptionId, device);
    return "removed";
  }
  if (status === 429 || status >= 500) throw new PushRetryableError(`push service answered ${status}`);
  deps.logger.warn({ subscriptionId: job.subscriptionId, status }, "push service refused the message; not retried");
  return "rejected";
}

/** Deletes a subscription, only as it was: a browser that subscribed again meanwhile has new keys and stays. */
async function removeDevice(
  db: Database,
  subscriptionId: string,
  device: { endpoint: string; p256dh: string },
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, subscriptionId),
        eq(pushSubscriptions.endpoint, device.endpoint),
        eq(pushSubscriptions.p256dh, device.p256dh),
      ),
    );
}

/**
 * The Topic header (RFC 8030 §5.4): a push service keeps only the newest undelivered message per topic,
 * so a device that was offline gets a request's latest news once. At most 32 base64url characters.
 */
function topicOf(payload: PushPayload): string {
  return createHash("sha256").update(payload.tag).digest("base64url").slice(0, 32);
}

/**
 * POSTs the prepared request. The connection goes only to addresses checked here, at connect time,
 * so a name that resolved to a public address when subscribing cannot be pointed inside now.
 */
function post(
  checked: CheckedEndpoint,
  headers: Record<string, string | number>,
  body: Buffer,
  resolve: Resolver,
  timeoutMs: number,
): Promise<number> {
  let lookupFailure: unknown = null;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    checkResolvedAddresses(checked, resolve).then(
      (addresses) => {
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        else callback(null, addresses[0]!, isIP(addresses[0]!));
      },
      (error: unknown) => {
        lookupFailure = error;
        callback(error as NodeJS.ErrnoException, "", 0);
      },
    );
  };
  const client = checked.url.protocol === "https:" ? https : http;
  return new Promise((resolvePromise, reject) => {
    const outgoing = client.request(
      checked.url,
      { method: "POST", headers, lookup, timeout: timeoutMs, agent: false },
      (response) => {
        response.resume();
        response.on("end", () => resolvePromise(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on("error", (error) => reject(lookupFailure ?? error));
    outgoing.end(body);
  });
}
