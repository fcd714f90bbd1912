import type { CoreDeps } from "../shared/deps";
import { runDailyDigest, type DigestRunOptions, type DigestRunResult } from "./digest";

/** Scheduled notifications. Immediate ones are queued by the services whose changes cause them. */
export function createNotificationsService(deps: CoreDeps) {
  return {
    runDailyDigest(options: DigestRunOptions): Promise<DigestRunResult> {
      return runDailyDigest(deps, options);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
