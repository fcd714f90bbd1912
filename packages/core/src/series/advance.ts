import { requests, requestSeries, type Transaction } from "@hyn/db";
import { openRequestLimitRefusal } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import { storedReach } from "../shared/stored-reach";
import { countUsage } from "../limits/usage";
import { enqueueClaimConfirmation } from "../notifications/claim-confirmation";
import { enqueuePostingNotices } from "../notifications/immediate";
import { scheduleStillNeeded } from "../nudges/schedule";
import { scheduleLaterReach } from "../helper-rest/later-reach-schedule";
import { newRequestAudience } from "../preferences/notification-preferences";
import { helperReminderDueAt, requesterReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import { NO_READER, selectRequestView } from "../request-views/view";
import { HOUR_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import type { UnsubscribeLinks } from "../unsubscribe/links";
import { scheduleNextAtNeededBy } from "./first-post";
import { holdPoster } from "./hold-poster";
import { nextOccurrence } from "./rules";
import { scheduleSeriesNext, type SeriesNextJob } from "./schedule";
import { currentOccurrence, seesSeries, selectSeries, timingOf } from "./series-reads";

/**
 * Posts the occurrence after `afterIndex`, once: the series row is held FOR UPDATE and moved on only from
 * `afterIndex` (a stale, repeated or racing job finds it moved and posts nothing), and the insert does
 * nothing on a (series_id, occurrence_index) that exists, so even two writers past the first guard make one row.
 */
export async function advanceSeries(
  deps: CoreDeps,
  tx: Transaction,
  job: SeriesNextJob,
  now: Date,
  unsubscribe: UnsubscribeLinks,
  options: { currentGone?: boolean } = {},
): Promise<string> {
  const { config, jobs } = deps;
  const series = await selectSeries(tx, job.seriesId, true);
  if (!series) return "series gone";
  if (series.stoppedAt) return "stopped";
  if (series.currentIndex !== job.afterIndex) return "already moved on";
  if (!options.currentGone) {
    const current = await currentOccurrence(tx, series.id, job.afterIndex);
    if (current && current.status !== "fulfilled" && current.neededBy.getTime() > now.getTime()) return "not yet";
  }
  const next = nextOccurrence(timingOf(series), job.afterIndex, now);
  if (!next) return "over";
  const limits = await holdPoster(tx, series);
  if (limits === "not a member") return "requester left the group";
  const refusal = openRequestLimitRefusal(limits, await countUsage(tx, series.userId));
  if (refusal !== null) {
    // The series waits for a free slot; an hour later it looks again (ADR 0023).
    await scheduleSeriesNext(jobs, tx, job, new Date(now.getTime() + HOUR_MS));
    return "over the open-request limit";
  }
  const moved = await tx
    .update(requestSeries)
    .set({ currentIndex: next.index })
    .where(and(eq(requestSeries.id, series.id), eq(requestSeries.currentIndex, job.afterIndex)))
    .returning({ id: requestSeries.id });
  if (moved.length === 0) return "already moved on";
  // The helper who does it every time gets it claimed, while they are still in the group and no block
  // stands between them and the requester (then it is posted as any new request, which they do not hear of).
  const helperId =
    series.helperId && (await seesSeries(tx, series, series.helperId, "to act")) ? series.helperId : null;
  const audience = helperId
    ? null
    : await newRequestAudience(tx, { groupId: series.groupId, posterId: series.userId }, now);
  const [created] = await tx
    .insert(requests)
    .values({
      userId: series.userId,
      groupId: series.groupId,
      itemDescription: series.itemDescription,
      storePreference: series.storePreference,
      neededBy: next.neededBy,
      pickupNotes: series.pickupNotes,
      ifUnavailable: series.ifUnavailable,
      seriesId: series.id,
      occurrenceIndex: next.index,
      ...(helperId
        ? { status: "claimed" as const, claimedBy: helperId, claimedAt: now, firstOfferedAt: now }
        : { status: "open" as const, lastNotifiedAt: now, ...storedReach(audience!.reach) }),
      createdAt: now,
    })
    .onConflictDoNothing({ target: [requests.seriesId, requests.occurrenceIndex] })
    .returning({ id: requests.id });
  if (!created) return "already posted";
  const view = (await selectRequestView(tx, now, created.id, NO_READER))!;
  if (audience) {
    await enqueuePostingNotices(tx, config, unsubscribe, view, audience.recipients, now, jobs);
    await scheduleLaterReach(jobs, tx, {
      requestId: view.id,
      noticeAt: now,
      neededBy: view.neededBy,
      later: audience.later,
    });
    await scheduleStillNeeded(jobs, tx, { id: view.id, createdAt: now, neededBy: view.neededBy });
  } else {
    await enqueueClaimConfirmation(tx, config, unsubscribe, helperId!, view.id, now);
    const helperAt = helperReminderDueAt(view.neededBy, now);
    if (helperAt) await scheduleReminder(jobs, tx, { requestId: view.id, kind: "helper" }, helperAt);
  }
  const remindAt = requesterReminderDueAt(now, view.neededBy);
  if (remindAt) await scheduleReminder(jobs, tx, { requestId: view.id, kind: "requester" }, remindAt);
  await scheduleNextAtNeededBy(deps, tx, { seriesId: series.id, index: next.index, neededBy: next.neededBy });
  await publishRequestEvent(tx, {
    type: "request.created",
    requestId: view.id,
    groupId: view.groupId,
    ownerId: view.userId,
  });
  return "posted";
}
