import { reminderPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import { unsubscribeLinks } from "../unsubscribe/links";
import { requestReminders, requests, users } from "@hyn/db";
import { eq } from "drizzle-orm";
import { enqueueEmail } from "../mail/outbox";
import { notificationLinks, summaryOf } from "../notifications/immediate";
import { channelsFor } from "../preferences/notification-preferences";
import { helperReminderEmail, requesterReminderEmail } from "../mail/templates";
import { NO_READER, selectRequestView } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { localeOf } from "../shared/locale";
import { decideReminder } from "./rules";
import { scheduleReminder, type RequestReminderJob } from "./schedule";

/**
 * Runs one reminder's job: in ONE transaction, reads the request as it is now (holding its row, so an
 * unclaim or a fulfilment either came before and is seen, or waits until the reminder is queued),
 * decides, and queues the e-mail together with the `request_reminders` row whose primary key
 * (request, kind, claim) lets only the first of any number of runs (retries, restarts, instances) insert
 * it; a later run inserts nothing, so it queues nothing.
 */
export function createRemindersService(deps: CoreDeps) {
  const { db, clock, config } = deps;
  return {
    /** What became of it ("sent", "already sent", "preference off", "rescheduled", or why it is no longer wanted), for logs and tests. */
    async run(job: RequestReminderJob): Promise<string> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const [state] = await tx
          .select({
            userId: requests.userId,
            status: requests.status,
            claimedBy: requests.claimedBy,
            claimedAt: requests.claimedAt,
            createdAt: requests.createdAt,
            neededBy: requests.neededBy,
          })
          .from(requests)
          .where(eq(requests.id, job.requestId))
          .for("share");
        const decision = decideReminder(job.kind, state ?? null, now);
        if (!decision.send) {
          if (!decision.dueAt) return decision.reason;
          await scheduleReminder(deps.jobs, tx, job, decision.dueAt);
          return "rescheduled";
        }
        const [recipient] = await tx
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, decision.recipientId));
        const channels = recipient
          ? await channelsFor(tx, decision.recipientId, "reminders")
          : { email: false, push: false };
        if (!channels.email && !channels.push) return "preference off";
        const [recorded] = await tx
          .insert(requestReminders)
          .values({ requestId: job.requestId, kind: job.kind, claimKey: decision.claimKey, sentAt: now })
          .onConflictDoNothing()
          .returning({ requestId: requestReminders.requestId });
        if (!recorded) return "already sent";
        const view = await selectRequestView(tx, now, job.requestId, NO_READER);
        if (!view) return "deleted";
        const summary = summaryOf(config, view);
        // A push shows a person's own name only, never the address a display name can fall back to.
        const [requester] = await tx.select({ name: users.name }).from(users).where(eq(users.id, view.userId));
        await queuePush(tx, deps.jobs, {
          userId: decision.recipientId,
          event: `reminder:${job.kind}:${job.requestId}:${decision.claimKey}`,
          payload: reminderPayload(
            job.kind,
            { ...summary, requestId: view.id },
            requester?.name ?? "",
            localeOf(recipient?.locale),
          ),
        });
        if (!channels.email) return "sent";
        const links = notificationLinks(
          config,
          unsubscribe,
          decision.recipientId,
          { kind: "reminders" },
          localeOf(recipient?.locale),
        );
        const message =
          job.kind === "helper"
            ? helperReminderEmail(recipient!.email, { requesterName: view.creator.name, request: summary }, links)
            : requesterReminderEmail(recipient!.email, { request: summary }, links);
        await enqueueEmail(tx, now, {
          ...message,
          type: `reminder_${job.kind}`,
          userId: decision.recipientId,
          requestIds: [job.requestId],
        });
        return "sent";
      });
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
