import { groupMembers, requests, requestSeries, users, type Transaction } from "@hyn/db";
import {
  openRequestLimitRefusal,
  type createRequestInput,
  type RepeatEvery,
  type SeriesView,
  type UpdateSeries,
  type UserLimits,
} from "@hyn/validators";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { publishRequestEvent } from "../events/publish";
import { countUsage, lockUserLimits } from "../limits/usage";
import { enqueueClaimConfirmation } from "../notifications/claim-confirmation";
import { enqueuePostingNotices } from "../notifications/immediate";
import { scheduleStillNeeded } from "../nudges/schedule";
import { newRequestAudience } from "../preferences/notification-preferences";
import { helperReminderDueAt, requesterReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import { inGroupsOf, NO_READER, selectRequestView, selectVisibleRequestView } from "../request-views/view";
import { noBlockBetween } from "../shared/blocks";
import { bumpedRevision } from "../shared/request-revision";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { HOUR_MS } from "../shared/clock";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";
import { nextOccurrence, untilIsBeforeFirst, type SeriesTiming } from "./rules";
import { scheduleSeriesNext, type SeriesNextJob } from "./schedule";
import { enqueueSkippedNotice } from "./skip-notice";

type RepeatInput = { every: RepeatEvery; until: Date | null };
type CreateRequest = Omit<z.output<typeof createRequestInput>, "repeat">;

const notFound = () => new AppError("NOT_FOUND", "seriesNotFound");

/** The repeat's `until` before the first needed-by time is refused before anything is written (ADR 0023). */
export function assertRepeatIsPossible(neededBy: Date, repeat: RepeatInput): void {
  if (untilIsBeforeFirst(neededBy, repeat.until)) throw new AppError("BAD_REQUEST", "repeatUntilBeforeFirst");
}

/** The series row of a repeating request being posted, in the post's transaction; its first occurrence is the post. */
export async function insertSeries(
  tx: Transaction,
  userId: string,
  input: CreateRequest,
  repeat: RepeatInput,
  now: Date,
): Promise<string> {
  const [series] = await tx
    .insert(requestSeries)
    .values({
      userId,
      groupId: input.groupId,
      itemDescription: input.itemDescription,
      storePreference: input.storePreference,
      pickupNotes: input.pickupNotes,
      ifUnavailable: input.ifUnavailable,
      every: repeat.every,
      firstNeededBy: input.neededBy,
      until: repeat.until,
      createdAt: now,
    })
    .returning({ id: requestSeries.id });
  return series!.id;
}

/** After an occurrence is posted: the job that posts the next one once this one is past its needed-by time. */
export function scheduleNextAtNeededBy(
  deps: CoreDeps,
  tx: Transaction,
  occurrence: { seriesId: string; index: number; neededBy: Date },
): Promise<void> {
  return scheduleSeriesNext(
    deps.jobs,
    tx,
    { seriesId: occurrence.seriesId, afterIndex: occurrence.index },
    occurrence.neededBy,
  );
}

const seriesColumns = {
  id: requestSeries.id,
  userId: requestSeries.userId,
  groupId: requestSeries.groupId,
  itemDescription: requestSeries.itemDescription,
  storePreference: requestSeries.storePreference,
  pickupNotes: requestSeries.pickupNotes,
  ifUnavailable: requestSeries.ifUnavailable,
  every: requestSeries.every,
  firstNeededBy: requestSeries.firstNeededBy,
  until: requestSeries.until,
  currentIndex: requestSeries.currentIndex,
  helperId: requestSeries.helperId,
  stoppedAt: requestSeries.stoppedAt,
  createdAt: requestSeries.createdAt,
};
type SeriesRow = Awaited<ReturnType<typeof selectSeries>>;

async function selectSeries(tx: Transaction, seriesId: string, lock: boolean) {
  const query = tx.select(seriesColumns).from(requestSeries).where(eq(requestSeries.id, seriesId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

function timingOf(series: Pick<SeriesRow & object, "firstNeededBy" | "every" | "until">): SeriesTiming {
  return { firstNeededBy: series.firstNeededBy, every: series.every, until: series.until };
}

/** The current occurrence's row, if it still exists. */
async function currentOccurrence(tx: Transaction, seriesId: string, index: number) {
  const [row] = await tx
    .select({
      id: requests.id,
      status: requests.status,
      claimedBy: requests.claimedBy,
      neededBy: requests.neededBy,
    })
    .from(requests)
    .where(and(eq(requests.seriesId, seriesId), eq(requests.occurrenceIndex, index)));
  return row ?? null;
}

/**
 * The locks a post of the next occurrence takes before it writes: the requester's membership (FOR SHARE) and
 * their limits row (FOR UPDATE), in the order every post takes them. A change that writes to requests before
 * posting (skip deletes the current occurrence) takes them first: the write's trigger locks a metric counter
 * row, and a post or trip item of the requester holding the limits row while it waited for that counter row
 * was a deadlock (issue 38).
 */
async function holdPoster(
  tx: Transaction,
  series: { groupId: string; userId: string },
): Promise<UserLimits | "not a member"> {
  const [membership] = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, series.groupId), eq(groupMembers.userId, series.userId)))
    .for("share");
  return membership ? lockUserLimits(tx, series.userId) : "not a member";
}

export function createSeriesService(deps: CoreDeps) {
  const { db, clock, config, jobs } = deps;

  /**
   * Posts the occurrence after `afterIndex`, once: the series row is held FOR UPDATE and moved on only from
   * `afterIndex` (a stale, repeated or racing job finds it moved and posts nothing), and the insert does
   * nothing on a (series_id, occurrence_index) that exists, so even two writers past the first guard make one row.
   */
  async function advance(
    tx: Transaction,
    job: SeriesNextJob,
    now: Date,
    unsubscribe: UnsubscribeLinks,
    options: { currentGone?: boolean } = {},
  ): Promise<string> {
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
      : await newRequestAudience(tx, { groupId: series.groupId, posterId: series.userId });
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
          ? { status: "claimed" as const, claimedBy: helperId, claimedAt: now }
          : {
              status: "open" as const,
              lastNotifiedAt: now,
              lastReachNow: audience!.reach.now,
              lastReachDaily: audience!.reach.daily,
              lastReachAppOnly: audience!.reach.appOnly,
            }),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [requests.seriesId, requests.occurrenceIndex] })
      .returning({ id: requests.id });
    if (!created) return "already posted";
    const view = (await selectRequestView(tx, now, created.id, NO_READER))!;
    if (audience) {
      await enqueuePostingNotices(tx, config, unsubscribe, view, audience.recipients, now, jobs);
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

  /**
   * One of the requester's requests that is not an occurrence of this series (a single one, another series');
   * someone else's is not looked at, so the answer tells nothing of it.
   */
  async function isOwnNonOccurrence(tx: Transaction, series: NonNullable<SeriesRow>, requestId: string) {
    const [row] = await tx
      .select({ seriesId: requests.seriesId })
      .from(requests)
      .where(and(eq(requests.id, requestId), eq(requests.userId, series.userId)));
    return row !== undefined && row.seriesId !== series.id;
  }

  /**
   * Whether someone other than its requester may see a series: a member of its group with no block
   * between them and the requester (PRODUCT "Blocking"), or, only `to read`, its helper, as a claim made
   * before a block stays with its helper (so they can still let it go).
   */
  async function seesSeries(
    tx: Transaction,
    series: { groupId: string; userId: string; helperId: string | null },
    userId: string,
    purpose: "to read" | "to act",
  ): Promise<boolean> {
    const [row] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(
        and(
          eq(groupMembers.groupId, series.groupId),
          eq(groupMembers.userId, userId),
          purpose === "to read" && series.helperId === userId ? undefined : noBlockBetween(userId, series.userId),
        ),
      );
    return Boolean(row);
  }

  /** The series as the caller may see it (its requester, or `seesSeries`); else not found. */
  async function visibleSeries(
    tx: Transaction,
    userId: string,
    seriesId: string,
    lock: boolean,
    purpose: "to read" | "to act" = "to read",
  ) {
    const series = await selectSeries(tx, seriesId, lock);
    if (!series) throw notFound();
    if (series.userId !== userId && !(await seesSeries(tx, series, userId, purpose))) throw notFound();
    return series;
  }

  async function ownSeries(tx: Transaction, userId: string, seriesId: string) {
    const series = await visibleSeries(tx, userId, seriesId, true);
    if (series.userId !== userId) throw new AppError("FORBIDDEN", "seriesOnlyRequester");
    if (series.stoppedAt) throw new AppError("CONFLICT", "seriesStopped");
    return series;
  }

  async function viewOf(tx: Transaction, userId: string, series: NonNullable<SeriesRow>): Promise<SeriesView> {
    const now = clock.now();
    const current = await currentOccurrence(tx, series.id, series.currentIndex);
    const currentView = current ? await selectVisibleRequestView(tx, now, current.id, userId) : null;
    const next = series.stoppedAt ? null : nextOccurrence(timingOf(series), series.currentIndex, now);
    const { currentIndex: _index, ...fields } = series;
    return { ...fields, current: currentView, nextNeededBy: next?.neededBy ?? null };
  }

  /**
   * Deletes the current occurrence if it is still to be done: open and nobody has taken it, or, with
   * `evenIfTaken`, claimed as well (never a fulfilled one); true when it did. Its helper's open pages hear
   * `request.deleted`, as when the requester deletes a claimed request.
   */
  async function deleteCurrent(
    tx: Transaction,
    series: NonNullable<SeriesRow>,
    { evenIfTaken }: { evenIfTaken: boolean },
  ): Promise<{ claimedBy: string | null } | null> {
    const [deleted] = await tx
      .delete(requests)
      .where(
        and(
          eq(requests.seriesId, series.id),
          eq(requests.occurrenceIndex, series.currentIndex),
          evenIfTaken ? ne(requests.status, "fulfilled") : and(eq(requests.status, "open"), isNull(requests.claimedBy)),
        ),
      )
      .returning({ id: requests.id, groupId: requests.groupId, claimedBy: requests.claimedBy });
    if (!deleted) return null;
    await publishRequestEvent(tx, {
      type: "request.deleted",
      requestId: deleted.id,
      groupId: deleted.groupId,
      ownerId: series.userId,
    });
    return { claimedBy: deleted.claimedBy };
  }

  /**
   * The series changed what its current occurrence shows ("Repeats", who does it every time): the occurrence's
   * row is touched, so the answer caches' change log (a trigger on requests, none on request_series) and
   * calendars see it.
   */
  async function touchCurrent(tx: Transaction, series: { id: string; currentIndex: number }): Promise<void> {
    const [touched] = await tx
      .update(requests)
      .set(bumpedRevision())
      .where(and(eq(requests.seriesId, series.id), eq(requests.occurrenceIndex, series.currentIndex)))
      .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
    // Open dashboards read it again.
    if (touched) await publishRequestEvent(tx, { type: "request.changed", requestId: touched.id, ...touched });
  }

  return {
    /** The job: posts the next occurrence if it is due and not yet posted (see `advance`). */
    async run(job: SeriesNextJob): Promise<string> {
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction((tx) => advance(tx, job, clock.now(), unsubscribe));
    },

    /** GET /request-series/{id}: to its requester and the members of its group. */
    byId(userId: string, seriesId: string): Promise<SeriesView> {
      return db.transaction(async (tx) => viewOf(tx, userId, await visibleSeries(tx, userId, seriesId, false)));
    },

    /**
     * POST /request-series/{id}/skip: the occurrence named (`requestId`) is not needed; the one after it is posted
     * now. One a helper has taken may be skipped too, as the requester may delete a claimed request (PRODUCT
     * "Screens", ADR 0023). Named, so a skip repeated (a double tap, a retry) finds it gone and changes nothing.
     */
    async skip(userId: string, seriesId: string, requestId: string): Promise<SeriesView> {
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const series = await ownSeries(tx, userId, seriesId);
        // Before the delete below: its counter lock comes after every row lock (see holdPoster).
        await holdPoster(tx, series);
        const now = clock.now();
        // Read before it goes: its helper, if the delete finds one, is told what they need not get.
        const current = await currentOccurrence(tx, series.id, series.currentIndex);
        if (current?.id !== requestId) {
          if (await isOwnNonOccurrence(tx, series, requestId)) throw new AppError("CONFLICT", "seriesNothingToSkip");
          // Skipped already (or deleted, or past): the series has moved on from it.
          return viewOf(tx, userId, series);
        }
        const view = current.claimedBy ? await selectRequestView(tx, now, current.id, NO_READER) : null;
        const deleted = await deleteCurrent(tx, series, { evenIfTaken: true });
        if (!deleted) throw new AppError("CONFLICT", "seriesNothingToSkip");
        if (deleted.claimedBy && view) {
          await enqueueSkippedNotice(
            tx,
            { config, jobs: deps.jobs },
            unsubscribe,
            { helperId: deleted.claimedBy, request: view },
            now,
          );
        }
        const outcome = await advance(tx, { seriesId, afterIndex: series.currentIndex }, now, unsubscribe, {
          currentGone: true,
        });
        deps.logger.info({ seriesId, outcome }, "series skip");
        return viewOf(tx, userId, (await selectSeries(tx, seriesId, false))!);
      });
    },

    /** DELETE /request-series/{id}: no more occurrences; an unclaimed open one goes, a claimed one stays to be finished. */
    async stop(userId: string, seriesId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const series = await ownSeries(tx, userId, seriesId);
        await tx
          .update(requestSeries)
          .set({ stoppedAt: clock.now(), helperId: null })
          .where(eq(requestSeries.id, series.id));
        if (!(await deleteCurrent(tx, series, { evenIfTaken: false }))) await touchCurrent(tx, series);
      });
    },

    /**
     * PUT /request-series/{id}: the requester changes what is asked, for the next unclaimed occurrence and the
     * later ones, or when it ends; an occurrence a helper has taken keeps what they agreed to (the conditional
     * UPDATE skips it).
     */
    async update(userId: string, input: UpdateSeries): Promise<SeriesView> {
      return db.transaction(async (tx) => {
        const series = await ownSeries(tx, userId, input.id);
        if (input.until !== undefined) {
          if (untilIsBeforeFirst(series.firstNeededBy, input.until)) {
            throw new AppError("BAD_REQUEST", "repeatUntilBeforeFirst");
          }
          // When it ends is the series' alone: no occurrence shows it.
          await tx.update(requestSeries).set({ until: input.until }).where(eq(requestSeries.id, series.id));
        }
        const changes = {
          ...(input.itemDescription !== undefined ? { itemDescription: input.itemDescription } : {}),
          ...(input.storePreference !== undefined ? { storePreference: input.storePreference } : {}),
          ...(input.pickupNotes !== undefined ? { pickupNotes: input.pickupNotes } : {}),
          ...(input.ifUnavailable !== undefined ? { ifUnavailable: input.ifUnavailable } : {}),
        };
        if (Object.keys(changes).length > 0) {
          await tx.update(requestSeries).set(changes).where(eq(requestSeries.id, series.id));
          const [edited] = await tx
            .update(requests)
            .set({ ...changes, ...bumpedRevision() })
            .where(
              and(
                eq(requests.seriesId, series.id),
                eq(requests.occurrenceIndex, series.currentIndex),
                eq(requests.status, "open"),
                isNull(requests.claimedBy),
              ),
            )
            .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
          if (edited) await publishRequestEvent(tx, { type: "request.changed", requestId: edited.id, ...edited });
        }
        return viewOf(tx, userId, (await selectSeries(tx, series.id, false))!);
      });
    },

    /**
     * POST /request-series/{id}/take: "I can do this every time". A member other than the requester, while nobody
     * else does (a conditional UPDATE): the current occurrence is claimed for them if open, and every later one
     * is posted already claimed by them.
     */
    async take(userId: string, seriesId: string): Promise<SeriesView> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
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
          .set({ status: "claimed", claimedBy: userId, claimedAt: now, ...bumpedRevision() })
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
          await enqueueClaimConfirmation(tx, config, unsubscribe, userId, claimed.id, now);
          const remindAt = helperReminderDueAt(claimed.neededBy, now);
          if (remindAt) await scheduleReminder(jobs, tx, { requestId: claimed.id, kind: "helper" }, remindAt);
          await publishRequestEvent(tx, {
            type: "request.claimed",
            requestId: claimed.id,
            groupId: claimed.groupId,
            ownerId: series.userId,
          });
        } else await touchCurrent(tx, { id: seriesId, currentIndex: taken.currentIndex });
        return viewOf(tx, userId, (await selectSeries(tx, seriesId, false))!);
      });
    },

    /**
     * POST /request-series/{id}/release: the helper stops doing it every time (or the requester lets them go).
     * An occurrence already claimed stays theirs to finish or give back as any claim.
     */
    async release(userId: string, seriesId: string): Promise<SeriesView> {
      return db.transaction(async (tx) => {
        const series = await visibleSeries(tx, userId, seriesId, true);
        if (!series.helperId) throw new AppError("CONFLICT", "seriesNotTaken");
        if (series.helperId !== userId && series.userId !== userId) {
          throw new AppError("FORBIDDEN", "seriesOnlyRequester");
        }
        await tx.update(requestSeries).set({ helperId: null }).where(eq(requestSeries.id, seriesId));
        await touchCurrent(tx, series);
        return viewOf(tx, userId, (await selectSeries(tx, seriesId, false))!);
      });
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
