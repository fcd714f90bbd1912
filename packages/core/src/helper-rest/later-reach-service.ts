import { requestReminders, requests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { enqueuePostingNotices } from "../notifications/immediate";
import { newRequestRecipients } from "../preferences/notification-preferences";
import { NO_READER, selectRequestView } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { unsubscribeLinks } from "../unsubscribe/links";
import { decideLaterReach } from "../preferences/resting-policy";
import { LATER_REACH_JOB, laterReachJobKey, type LaterReachJob } from "./later-reach-schedule";

/**
 * Runs one notice's late reach (issue 41 §2), as the "Still needed" nudge runs (nudges/service.ts): in ONE
 * transaction, reads the request holding its row (a claim either came first and is seen, or waits until
 * the notices are queued), decides (preferences/resting-policy.ts), and queues the posting notice to the resting
 * helpers the notice counted, together with the notice's `later_reach` row in `request_reminders`, whose
 * primary key (request, kind, the notice's time) lets only the first of any number of runs (retries,
 * restarts, instances) insert it; a later run queues nothing.
 */
export function createLaterReachService(deps: CoreDeps) {
  const { db, clock, config } = deps;
  return {
    /** What became of it ("sent", "nobody to tell", "already sent", "rescheduled", or why it is no longer wanted). */
    async run(job: LaterReachJob): Promise<string> {
      const now = clock.now();
      const noticeAt = new Date(job.noticeAt);
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const [state] = await tx
          .select({
            status: requests.status,
            neededBy: requests.neededBy,
            firstOfferedAt: requests.firstOfferedAt,
            groupId: requests.groupId,
            userId: requests.userId,
          })
          .from(requests)
          .where(eq(requests.id, job.requestId))
          .for("share");
        const decision = decideLaterReach(state ?? null, noticeAt, now);
        if (!decision.send) {
          if (!decision.dueAt || !state) return decision.reason;
          // Woken early: the same job waits again, under the same key, until its time.
          await deps.jobs?.send(LATER_REACH_JOB, job, {
            startAfter: decision.dueAt,
            singletonKey: laterReachJobKey(job.requestId, noticeAt),
            in: tx,
          });
          return "rescheduled";
        }
        const [recorded] = await tx
          .insert(requestReminders)
          .values({ requestId: job.requestId, kind: "later_reach", claimKey: job.noticeAt, sentAt: now })
          .onConflictDoNothing()
          .returning({ requestId: requestReminders.requestId });
        if (!recorded) return "already sent";
        // Only those the notice counted later, and of them only who would still hear of it at once (still in
        // the group, no block since, their switches still on).
        const recipients = await newRequestRecipients(tx, state!.groupId, state!.userId, { only: job.userIds });
        if (recipients.length === 0) return "nobody to tell";
        const view = await selectRequestView(tx, now, job.requestId, NO_READER);
        if (!view) return "deleted";
        const told = await enqueuePostingNotices(tx, config, unsubscribe, view, recipients, now, deps.jobs);
        return told > 0 ? "sent" : "nobody to tell";
      });
    },
  };
}

export type LaterReachService = ReturnType<typeof createLaterReachService>;
