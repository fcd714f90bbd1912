import { latestNeededBy, NEEDED_BY_TOLERANCE_MS, type createRequestInput, type CreatedRequest } from "@hyn/validators";
import type { z } from "zod";
import { enqueuePostingNotices } from "../notifications/immediate";
import { scheduleStillNeeded } from "../nudges/schedule";
import { scheduleLaterReach } from "../helper-rest/later-reach-schedule";
import { newRequestAudience } from "../preferences/notification-preferences";
import { requesterReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import { assertRepeatIsPossible, insertSeries, scheduleNextAtNeededBy } from "../series/first-post";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { assertOfflineMemberOf } from "../shared/offline-member-lookup";
import { assertBelowOpenRequestLimit } from "./open-requests-limit";
import { storedReach } from "../shared/stored-reach";
import { mustSelectView, publishRequest } from "./request-reads";
import { postingStatements } from "./statements";
import { holdActiveAccount } from "./suspension-guard";
import { assertAskFirstReachable } from "../shared/ask-first";

/** A post as the API parses it; `repeat` may be left out by callers that never repeat (tests, the demo). */
export type CreateRequest = Omit<z.output<typeof createRequestInput>, "repeat" | "onBehalfOf" | "phone"> &
  Partial<Pick<z.output<typeof createRequestInput>, "repeat" | "onBehalfOf" | "phone">>;

/**
 * POST /requests: a member posts in their group, within their open-requests limit; the group hears of it
 * (the posting notice), and the answer says who will (PRODUCT "Who will hear").
 */
export async function createRequest(deps: CoreDeps, userId: string, input: CreateRequest): Promise<CreatedRequest> {
  const { db, clock, config, jobs } = deps;
  const now = clock.now();
  if (input.neededBy.getTime() <= now.getTime() - NEEDED_BY_TOLERANCE_MS) {
    throw new AppError("BAD_REQUEST", "neededByFuture");
  }
  if (input.neededBy.getTime() > latestNeededBy(now).getTime()) throw new AppError("BAD_REQUEST", "neededByTooFar");
  if (input.repeat) assertRepeatIsPossible(input.neededBy, input.repeat);
  // A repeating request's next occurrences are the poster's own (the series keeps no neighbour): one at a time for them.
  if (input.repeat && input.onBehalfOf) throw new AppError("BAD_REQUEST", "repeatNotForNeighbour");
  const unsubscribe = await unsubscribeLinks(deps);
  return db.transaction(async (tx) => {
    // A share lock on the membership: leaving the group waits until this post commits.
    const [membership] = await postingStatements.membership(tx).execute({ groupId: input.groupId, userId });
    if (!membership) throw new AppError("FORBIDDEN", "notMember");
    await holdActiveAccount(tx, userId);
    // "Ask me first" needs the poster's phone, or saves the one given with the post (issue 43 §5).
    await assertAskFirstReachable(tx, userId, { ...input, phone: input.phone ?? null }, now);
    // For a neighbour without the app: one of this group's (issue 42 §1); the post is the poster's all the same.
    const onBehalfOf = input.onBehalfOf ?? null;
    if (onBehalfOf !== null) await assertOfflineMemberOf(tx, input.groupId, onBehalfOf);
    // Read before the limit's lock: one person's posts queue on that lock until each commits, so
    // it is held for as few statements as the count needs (issue 31).
    const audience = await newRequestAudience(tx, { groupId: input.groupId, posterId: userId }, now);
    await assertBelowOpenRequestLimit(tx, userId);
    // A repeating request: this post is its first occurrence (issue 28 §2).
    const seriesId = input.repeat ? await insertSeries(tx, userId, input, input.repeat, now) : null;
    const [created] = await postingStatements.insert(tx).execute({
      userId,
      groupId: input.groupId,
      itemDescription: input.itemDescription,
      storePreference: input.storePreference,
      neededBy: input.neededBy,
      pickupNotes: input.pickupNotes,
      ifUnavailable: input.ifUnavailable,
      ...storedReach(audience.reach),
      seriesId,
      occurrenceIndex: seriesId ? 0 : null,
      onBehalfOf,
      now,
    });
    const view = await mustSelectView(tx, now, created!.id, userId);
    if (seriesId) await scheduleNextAtNeededBy(deps, tx, { seriesId, index: 0, neededBy: view.neededBy });
    await enqueuePostingNotices(tx, config, unsubscribe, view, audience.recipients, now, jobs);
    // The resting helpers hear of it later, should nobody have offered by then (issue 41 §2).
    await scheduleLaterReach(jobs, tx, {
      requestId: view.id,
      noticeAt: now,
      neededBy: view.neededBy,
      later: audience.later,
    });
    const remindAt = requesterReminderDueAt(now, view.neededBy);
    if (remindAt) await scheduleReminder(deps.jobs, tx, { requestId: view.id, kind: "requester" }, remindAt);
    // The group's "Still needed" nudge, should nobody have offered to help by then (issue 26).
    await scheduleStillNeeded(deps.jobs, tx, { id: view.id, createdAt: now, neededBy: view.neededBy });
    await publishRequest(tx, "request.created", view);
    return { ...view, reach: audience.reach };
  });
}
