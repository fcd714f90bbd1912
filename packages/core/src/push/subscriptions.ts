import { MAX_PUSH_DEVICES } from "@hyn/validators/policy";
import { pushSubscriptions } from "@hyn/db";
import { type PushDeviceView, type PushSubscriptionData } from "@hyn/validators";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import type { CoreDeps } from "../shared/deps";
import { defaultPushConfig } from "../shared/push-config";
import { checkPushEndpoint, systemResolver, type Resolver } from "./endpoint";
import { loadVapidKeys } from "./vapid";

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
};

/** The endpoint is a capability URL: a person's list shows only its push service's host. */
const toView = ({
  endpoint,
  ...row
}: {
  id: string;
  label: string;
  endpoint: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}): PushDeviceView => ({
  ...row,
  endpointHost: new URL(endpoint).host,
});

/** Web Push devices (issue 16): the VAPID public key, subscribing a browser, listing and removing devices. */
export function createPushService(deps: CoreDeps & { resolve?: Resolver }) {
  const { db, clock } = deps;
  const push = deps.config.push ?? defaultPushConfig;
  const resolve = deps.resolve ?? systemResolver;

  return {
    async vapidPublicKey(): Promise<string> {
      return (await loadVapidKeys(db, push)).publicKey;
    },

    /**
     * Stores a browser's subscription after checking its endpoint. The same endpoint again (the
     * browser subscribed anew, or another person signed in on it) updates the row and moves it to the caller.
     */
    async subscribe(userId: string, input: PushSubscriptionData): Promise<PushDeviceView> {
      await checkPushEndpoint(input.endpoint, push, resolve);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const set = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label, updatedAt: now };
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ ...set, endpoint: input.endpoint, createdAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            // Another person's device starts afresh: its history is not the caller's.
            set: {
              ...set,
              createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
              lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastSuccessAt} end`,
            },
          })
          .returning(deviceColumns);
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
          .limit(MAX_PUSH_DEVICES);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
        return toView(row!);
      });
    },

    async list(userId: string): Promise<PushDeviceView[]> {
      const rows = await db
        .select(deviceColumns)
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      return rows.map(toView);
    },

    /** Removes one of the caller's devices; someone else's is "not found", as is one already gone. */
    async remove(userId: string, id: string): Promise<void> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      if (removed.length === 0) throw new AppError("NOT_FOUND", "pushDeviceNotFound");
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
