import { requestReminders, requests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { NO_READER, selectRequestView } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { unsubscribeLinks } from "../unsubscribe/links";
import { enqueueStillWantedNotices } from "./notices";
import { decideStillNeeded, reachAfterAlert } from "./rules";
import { newRequestAudience, stillNeededRecipients } from "../preferences/notification-preferences";
import { storedReach } from "../shared/stored-reach";
import { scheduleStillNeeded, type StillNeededJob } from "./schedule";

/**
 * Runs one "Still needed" alert's job (issue 26, moved by issue 41 §3 to half-way to the needed-by time and
 * to the members who had not been told at once), like a reminder's (reminders/service.ts): in ONE
 * transaction, reads the request as it is now (holding its row, so a claim, a withdrawal or a change of
 * its needed-by time either came before and is seen, or waits until the nudge is queued), decides, and
 * queues the group's e-mails and pushes together with the request's `still_needed` row in
 * `request_reminders`, whose primary key lets only the first of any number of runs (retries, restarts,
 * instances, an old job after a changed needed-by time) insert it; a later run queues nothing.
 */
export function createNudgesService(deps: CoreDeps) {
  const { db, clock, config } = deps;
  return {
    /** What became of it ("sent", "nobody to tell", "already sent", "rescheduled", or why it is no longer wanted). */
    async run(job: StillNeededJob): Promise<string> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const [state] = await tx
          .select({ status: requests.status, createdAt: requests.createdAt, neededBy: requests.neededBy })
          .from(requests)
          .where(eq(requests.id, job.requestId))
          .for("share");
        const decision = decideStillNeeded(state ?? null, now);
        if (!decision.send) {
          if (!decision.dueAt || !state) return decision.reason;
          await scheduleStillNeeded(deps.jobs, tx, { id: job.requestId, ...state });
          return "rescheduled";
        }
        const [recorded] = await tx
          .insert(requestReminders)
          .values({ requestId: job.requestId, kind: "still_needed", claimKey: "", sentAt: now })
          .onConflictDoNothing()
          .returning({ requestId: requestReminders.requestId });
        if (!recorded) return "already sent";
        const view = await selectRequestView(tx, now, job.requestId, NO_READER);
        if (!view) return "deleted";
        // Those who had not been told at once (issue 41 §3): the resting helpers and the summaries' readers.
        const poster = { groupId: view.groupId, posterId: view.userId };
        const recipients = await stillNeededRecipients(tx, poster, now);
        const told = await enqueueStillWantedNotices(
          tx,
          config,
          unsubscribe,
          { kind: "still_needed", request: view, recipients },
          now,
          deps.jobs,
        );
        if (told === 0) return "nobody to tell";
        // The alert is the request's last notice: its owner's card counts those it told as told at once.
        const { reach } = await newRequestAudience(tx, poster, now);
        const after = reachAfterAlert(
          reach,
          recipients.map((r) => r.heard),
        );
        await tx
          .update(requests)
          .set({ lastNotifiedAt: now, ...storedReach(after) })
          .where(eq(requests.id, job.requestId));
        return "sent";
      });
    },
  };
}

export type NudgesService = ReturnType<typeof createNudgesService>;
