import type { CoreDeps } from "../shared/deps";
import { runDailyDigest, type DigestRunOptions, type DigestRunResult } from "./digest";
import { runWeeklySummary } from "./weekly-summary";
import { runWhileAwayNotices, type WhileAwayRunOptions, type WhileAwayRunResult } from "./while-away";

/** Scheduled notifications. Immediate ones are queued by the services whose changes cause them. */
export function createNotificationsService(deps: CoreDeps) {
  return {
    runDailyDigest(options: DigestRunOptions): Promise<DigestRunResult> {
      return runDailyDigest(deps, options);
    },
    /** The weekly summary (issue 41), served for `options.slot` as the daily one is. */
    runWeeklySummary(options: DigestRunOptions): Promise<DigestRunResult> {
      return runWeeklySummary(deps, options);
    },
    /** The e-mail to members quiet for a month (issue 41 §5), daily. */
    runWhileAwayNotices(options?: WhileAwayRunOptions): Promise<WhileAwayRunResult> {
      return runWhileAwayNotices(deps, options);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
