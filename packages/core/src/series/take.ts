import { firstOfferAt } from "../shared/first-offer";
import { groupMembers, requests, requestSeries, users } from "@hyn/db";
import type { SeriesView } from "@hyn/validators";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import { enqueueClaimConfirmation } from "../notifications/claim-confirmation";
import { helperReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import { inGroupsOf } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { bumpedRevision } from "../shared/request-revision";
import { unsubscribeLinks } from "../unsubscribe/links";
import { touchCurrent } from "./occurrence-writes";
import { selectSeries, viewAfterChange, visibleSeries } from "./series-reads";

/**
 * POST /request-series/{id}/take: "I can do this every time". A member other than the requester, while nobody
 * else does (a conditional UPDATE): the current occurrence is claimed for them if open, and every later one
 * is posted already claimed by them.
 */
export async function takeSeries(deps: CoreDeps, userId: string, seriesId: string): Promise<SeriesView> {
  const now = deps.clock.now();
  const unsubscribe = await unsubscribeLinks(deps);
  return deps.db.transaction(async (tx) => {
    const series = await visibleSeries(tx, userId, seriesId, false, "to act");
    if (series.userId === userId) throw new AppError("FORBIDDEN", "seriesOwn");
    const [taken] = await tx
      .update(requestSeries)
      .set({ helperId: userId })
      .where(
        and(
          eq(requestSeries.id, seriesId),
          isNull(requestSeries.stoppedAt),
          sql`(${requestSeries.helperId} is null or ${requestSeries.helperId} = ${userId})`,
          sql`exists (select 1 from ${groupMembers} gm where gm.group_id = ${requestSeries.groupId} and gm.user_id = ${userId} for key share)`,
          sql`exists (select 1 from ${users} su where su.id = ${userId} and su.suspended_at is null)`,
        ),
      )
      .returning({ currentIndex: requestSeries.currentIndex });
    if (!taken) {
      const fresh = (await selectSeries(tx, seriesId, false))!;
      if (fresh.stoppedAt) throw new AppError("CONFLICT", "seriesStopped");
      if (fresh.helperId && fresh.helperId !== userId) throw new AppError("CONFLICT", "seriesTakenByOther");
      throw new AppError("FORBIDDEN", "accountSuspended");
    }
    const [claimed] = await tx
      .update(requests)
      .set({
        status: "claimed",
        claimedBy: userId,
        claimedAt: now,
        firstOfferedAt: firstOfferAt(now),
        ...bumpedRevision(),
      })
      .where(
        and(
          eq(requests.seriesId, seriesId),
          eq(requests.occurrenceIndex, taken.currentIndex),
          eq(requests.status, "open"),
          isNull(requests.claimedBy),
          gt(requests.neededBy, now),
          inGroupsOf(userId),
        ),
      )
      .returning({ id: requests.id, groupId: requests.groupId, neededBy: requests.neededBy });
    if (claimed) {
      await enqueueClaimConfirmation(tx, deps.config, unsubscribe, userId, claimed.id, now);
      const remindAt = helperReminderDueAt(claimed.neededBy, now);
      if (remindAt) await scheduleReminder(deps.jobs, tx, { requestId: claimed.id, kind: "helper" }, remindAt);
      await publishRequestEvent(tx, {
        type: "request.claimed",
        requestId: claimed.id,
        groupId: claimed.groupId,
        ownerId: series.userId,
      });
    } else await touchCurrent(tx, { id: seriesId, currentIndex: taken.currentIndex });
    return viewAfterChange(deps, tx, userId, seriesId);
  });
}
