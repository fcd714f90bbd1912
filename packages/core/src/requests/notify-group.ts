import { requests } from "@hyn/db";
import { nextNotifyAt, REQUEST_NOTIFY_INTERVAL_MS, type Reach } from "@hyn/validators";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { enqueuePostingNotices } from "../notifications/immediate";
import { newRequestAudience } from "../preferences/notification-preferences";
import { scheduleLaterReach } from "../helper-rest/later-reach-schedule";
import { inGroupsOf } from "../request-views/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { requestPermissionSql } from "./permissions";
import { storedReach } from "../shared/stored-reach";
import { mustSelectView, visibleFacts } from "./request-reads";

/**
 * POST /requests/{id}/notify: the owner re-sends the posting notice of an open request to the
 * group, at most once an hour; the conditional UPDATE of last_notified_at makes two clicks one send.
 */
export async function notifyGroup(
  deps: CoreDeps,
  userId: string,
  requestId: string,
): Promise<{ notifiedCount: number; reach: Reach; lastNotifiedAt: Date; nextNotifyAt: Date }> {
  const { db, clock, config, jobs } = deps;
  const now = clock.now();
  const quietSince = new Date(now.getTime() - REQUEST_NOTIFY_INTERVAL_MS);
  const unsubscribe = await unsubscribeLinks(deps);
  return db.transaction(async (tx) => {
    // Read before the change, so that the change stores it: the request's group, its requester aside.
    const audience = await newRequestAudience(
      tx,
      {
        groupId: sql`(select ${requests.groupId} from ${requests} where ${requests.id} = ${requestId})`,
        posterId: sql`(select ${requests.userId} from ${requests} where ${requests.id} = ${requestId})`,
      },
      now,
    );
    const [marked] = await tx
      .update(requests)
      .set({ lastNotifiedAt: now, ...storedReach(audience.reach) })
      .where(
        and(
          eq(requests.id, requestId),
          requestPermissionSql.canNotify(userId, now),
          or(isNull(requests.lastNotifiedAt), lte(requests.lastNotifiedAt, quietSince)),
          inGroupsOf(userId),
        ),
      )
      .returning({ id: requests.id });
    if (!marked) {
      const facts = await visibleFacts(tx, requestId, userId);
      if (facts.userId !== userId) throw new AppError("FORBIDDEN", "notifyOnlyOwnRequests");
      if (!facts.callerIsMember) throw new AppError("FORBIDDEN", "notMember");
      if (facts.status !== "open" || facts.neededBy.getTime() <= now.getTime()) {
        throw new AppError("CONFLICT", "notifyOnlyOpenRequests");
      }
      const nextAt = nextNotifyAt(facts.lastNotifiedAt).getTime();
      throw new AppError("RATE_LIMITED", "notifyTooSoon", {
        retryAfterSeconds: Math.max(1, Math.ceil((nextAt - now.getTime()) / 1000)),
      });
    }
    const view = await mustSelectView(tx, now, requestId, userId);
    const notifiedCount = await enqueuePostingNotices(tx, config, unsubscribe, view, audience.recipients, now, jobs);
    await scheduleLaterReach(jobs, tx, { requestId, noticeAt: now, neededBy: view.neededBy, later: audience.later });
    return { notifiedCount, reach: audience.reach, lastNotifiedAt: now, nextNotifyAt: nextNotifyAt(now) };
  });
}
