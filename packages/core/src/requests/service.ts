import { groupMembers, perDatabase, preparedStatement, requests, type Executor, type Transaction } from "@hyn/db";
import {
  latestNeededBy,
  NEEDED_BY_TOLERANCE_MS,
  nextNotifyAt,
  REQUEST_NOTIFY_INTERVAL_MS,
  type createRequestInput,
  type CreatedRequest,
  type Dashboard,
  type Reach,
  type RequestEventType,
  type RequestPage,
  type RequestPageInput,
  type OneRequestView,
  type RequestView,
} from "@hyn/validators";
import { and, eq, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { publishRequestEvent } from "../events/publish";
import { enqueueClaimConfirmation } from "../notifications/claim-confirmation";
import { enqueueChangeNotice, enqueuePostingNotices, enqueueThanksNotice } from "../notifications/immediate";
import type { RequestChange } from "../mail/templates";
import type { CoreDeps } from "../shared/deps";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";
import { AppError } from "../shared/errors";
import { helperReminderDueAt, requesterReminderDueAt } from "../reminders/rules";
import { scheduleReminder } from "../reminders/schedule";
import { enqueueStillWantedNotices } from "../nudges/notices";
import { givenBackIsNews } from "../nudges/rules";
import { scheduleStillNeeded } from "../nudges/schedule";
import { newRequestAudience } from "../preferences/notification-preferences";
import { loadDashboard } from "./dashboard";
import { assertBelowOpenRequestLimit } from "./open-requests-limit";
import { requestPermissionSql } from "./permissions";
import { claimContactFor } from "./claim-contact";
import { bumpedRevision } from "../shared/request-revision";
import { assertRepeatIsPossible, insertSeries, scheduleNextAtNeededBy } from "../series/service";
import { scheduleSeriesNext } from "../series/schedule";
import { activeAccountHeld, holdActiveAccount } from "./suspension-guard";
import {
  inGroupsHeldBy,
  inGroupsOf,
  selectGroupRequestPage,
  selectMyRequestPage,
  selectRequestView,
  selectVisibleRequestView,
} from "../request-views/view";

/** A post as the API parses it; `repeat` may be left out by callers that never repeat (tests, the demo). */
type CreateRequest = Omit<z.output<typeof createRequestInput>, "repeat"> &
  Partial<Pick<z.output<typeof createRequestInput>, "repeat">>;

/** What the refusal messages are decided from, read only after a conditional change matched nothing. */
interface RequestFacts {
  userId: string;
  status: string;
  claimedBy: string | null;
  neededBy: Date;
  lastNotifiedAt: Date | null;
  thankedAt: Date | null;
  callerIsMember: boolean;
}

/** The reach of the last posting notice, as the request's row keeps it (shown on its card after a reload). */
function storedReach(reach: Reach) {
  return { lastReachNow: reach.now, lastReachDaily: reach.daily, lastReachAppOnly: reach.appOnly };
}

const notFound = () => new AppError("NOT_FOUND", "requestNotFound");

/** Which occurrence of a repeating request a changed row is (both null for a single request). */
interface Occurrence {
  seriesId: string | null;
  occurrenceIndex: number | null;
}

/**
 * A repeating request's occurrence was fulfilled or deleted: its next one is posted now, by the series job
 * queued in this transaction (ADR 0023), not at its needed-by time.
 */
async function nextOccurrenceNow(deps: CoreDeps, tx: Transaction, occurrence: Occurrence): Promise<void> {
  if (occurrence.seriesId === null || occurrence.occurrenceIndex === null) return;
  await scheduleSeriesNext(deps.jobs, tx, { seriesId: occurrence.seriesId, afterIndex: occurrence.occurrenceIndex });
}

/** A group's list is read on every group page: its membership check is built once per database. */
const groupListQueries = perDatabase((db) => ({
  membership: db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, sql.placeholder("groupId")), eq(groupMembers.userId, sql.placeholder("userId"))),
    )
    .prepare("group_list_membership"),
}));

/** A post's own statements, built once: the membership it holds, and its INSERT. */
const postingStatements = {
  membership: preparedStatement((executor) =>
    executor
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(
        and(eq(groupMembers.groupId, sql.placeholder("groupId")), eq(groupMembers.userId, sql.placeholder("userId"))),
      )
      .for("share")
      .prepare("post_membership"),
  ),
  insert: preparedStatement((executor) => {
    const value = (name: string) => sql.placeholder(name);
    return executor
      .insert(requests)
      .values({
        userId: value("userId"),
        groupId: value("groupId"),
        itemDescription: value("itemDescription"),
        storePreference: value("storePreference"),
        neededBy: value("neededBy"),
        pickupNotes: value("pickupNotes"),
        ifUnavailable: value("ifUnavailable"),
        status: "open",
        // Posting sends the notice, so the hour before a manual re-send starts now.
        lastNotifiedAt: value("now"),
        lastReachNow: value("lastReachNow"),
        lastReachDaily: value("lastReachDaily"),
        lastReachAppOnly: value("lastReachAppOnly"),
        // Null for a single request.
        seriesId: value("seriesId"),
        occurrenceIndex: value("occurrenceIndex"),
        createdAt: value("now"),
      })
      .returning({ id: requests.id })
      .prepare("request_insert");
  }),
};

/**
 * The placeholders of a transition's UPDATE: the request, the actor, and the time (an ISO string: as
 * SQL, not encoded by a column).
 */
const changeOf = {
  requestId: sql.placeholder("requestId"),
  userId: sql.placeholder("userId"),
  now: sql.placeholder("now"),
};

/**
 * A transition's conditional UPDATE (see transition below), built once: it holds the actor's membership
 * (so it and their departure from the group serialise) and their active account.
 */
function transitionUpdate(name: string, set: PgUpdateSetSource<typeof requests>, allowedWhen: SQL) {
  return preparedStatement((executor) =>
    executor
      .update(requests)
      .set({ ...set, ...bumpedRevision() })
      .where(
        and(
          eq(requests.id, changeOf.requestId),
          allowedWhen,
          inGroupsHeldBy(changeOf.userId),
          activeAccountHeld(changeOf.userId),
        ),
      )
      .returning({ id: requests.id, seriesId: requests.seriesId, occurrenceIndex: requests.occurrenceIndex })
      .prepare(name),
  );
}

const at = sql`${changeOf.now}`;
const transitionUpdates = {
  claimed: transitionUpdate(
    "request_claim",
    { status: "claimed", claimedBy: sql`${changeOf.userId}`, claimedAt: at },
    requestPermissionSql.canClaim(changeOf.userId, changeOf.now),
  ),
  unclaimed: transitionUpdate(
    "request_unclaim",
    { status: "open", claimedBy: null, claimedAt: null },
    requestPermissionSql.canUnclaim(changeOf.userId, changeOf.now),
  ),
  fulfilled: transitionUpdate(
    "request_fulfill",
    { status: "fulfilled", fulfilledAt: at },
    requestPermissionSql.canFulfill(changeOf.userId, changeOf.now),
  ),
} satisfies Record<RequestChange, unknown>;

/**
 * The request as the caller may see it: their own, or one in a group they belong to. Anything else is
 * "Request not found", so ids in other groups do not reveal that they exist.
 */
async function visibleFacts(executor: Executor, requestId: string, userId: string): Promise<RequestFacts> {
  const [facts] = await executor
    .select({
      userId: requests.userId,
      status: requests.status,
      claimedBy: requests.claimedBy,
      neededBy: requests.neededBy,
      lastNotifiedAt: requests.lastNotifiedAt,
      thankedAt: requests.thankedAt,
      callerIsMember: sql<boolean>`${inGroupsOf(userId)}`,
    })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!facts || (!facts.callerIsMember && facts.userId !== userId)) throw notFound();
  return facts;
}

export function createRequestsService(deps: CoreDeps) {
  const { db, clock, config, jobs } = deps;

  /**
   * A state change made as one conditional UPDATE, holding the actor's membership so that
   * it and their departure from the group serialise: when it matches no row, the refusal is
   * explained from a fresh read in the same transaction. Then the requester's notice and the live event,
   * both committed with the change.
   */
  async function transition(
    requestId: string,
    userId: string,
    change: {
      kind: RequestChange;
      refuse: (facts: RequestFacts) => AppError;
      /** More work in the same transaction, once the change is made. */
      then?: (
        tx: Transaction,
        view: RequestView,
        now: Date,
        unsubscribe: UnsubscribeLinks,
        occurrence: Occurrence,
      ) => Promise<void>;
      /** A further e-mail to the actor, queued with the change. */
      confirm?: (tx: Transaction, now: Date, unsubscribe: UnsubscribeLinks) => Promise<unknown>;
    },
  ): Promise<RequestView> {
    const now = clock.now();
    const unsubscribe = await unsubscribeLinks(deps);
    return db.transaction(async (tx) => {
      const [changed] = await transitionUpdates[change.kind](tx).execute({ requestId, userId, now: now.toISOString() });
      if (!changed) throw change.refuse(await visibleFacts(tx, requestId, userId));
      const view = await mustSelectView(tx, now, requestId, userId);
      await change.then?.(tx, view, now, unsubscribe, changed);
      await enqueueChangeNotice(
        tx,
        config,
        unsubscribe,
        { kind: change.kind, request: view, helperId: userId },
        now,
        jobs,
      );
      await change.confirm?.(tx, now, unsubscribe);
      await publish(tx, `request.${change.kind}`, view);
      return view;
    });
  }

  /** The request as its change's actor reads it in the answer (their own reach, if it is theirs). */
  async function mustSelectView(tx: Transaction, now: Date, requestId: string, reader: string): Promise<RequestView> {
    const view = await selectRequestView(tx, now, requestId, reader);
    if (!view) throw notFound();
    return view;
  }

  function publish(tx: Transaction, type: RequestEventType, request: { id: string; groupId: string; userId: string }) {
    return publishRequestEvent(tx, { type, requestId: request.id, groupId: request.groupId, ownerId: request.userId });
  }

  return {
    /**
     * POST /requests: a member posts in their group, within their open-requests limit; the group hears of it
     * (the posting notice), and the answer says who will (PRODUCT "Who will hear").
     */
    async create(userId: string, input: CreateRequest): Promise<CreatedRequest> {
      const now = clock.now();
      if (input.neededBy.getTime() <= now.getTime() - NEEDED_BY_TOLERANCE_MS) {
        throw new AppError("BAD_REQUEST", "neededByFuture");
      }
      if (input.neededBy.getTime() > latestNeededBy(now).getTime()) throw new AppError("BAD_REQUEST", "neededByTooFar");
      if (input.repeat) assertRepeatIsPossible(input.neededBy, input.repeat);
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        // A share lock on the membership: leaving the group waits until this post commits.
        const [membership] = await postingStatements.membership(tx).execute({ groupId: input.groupId, userId });
        if (!membership) throw new AppError("FORBIDDEN", "notMember");
        await holdActiveAccount(tx, userId);
        // Read before the limit's lock: one person's posts queue on that lock until each commits, so
        // it is held for as few statements as the count needs (issue 31).
        const audience = await newRequestAudience(tx, { groupId: input.groupId, posterId: userId });
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
          now,
        });
        const view = await mustSelectView(tx, now, created!.id, userId);
        if (seriesId) await scheduleNextAtNeededBy(deps, tx, { seriesId, index: 0, neededBy: view.neededBy });
        await enqueuePostingNotices(tx, config, unsubscribe, view, audience.recipients, now, jobs);
        const remindAt = requesterReminderDueAt(now, view.neededBy);
        if (remindAt) await scheduleReminder(deps.jobs, tx, { requestId: view.id, kind: "requester" }, remindAt);
        // The group's "Still needed" nudge, should nobody have offered to help by then (issue 26).
        await scheduleStillNeeded(deps.jobs, tx, { id: view.id, createdAt: now, neededBy: view.neededBy });
        await publish(tx, "request.created", view);
        return { ...view, reach: audience.reach };
      });
    },

    /** GET /user/requests, a page at a time. */
    mine(userId: string, page: RequestPageInput): Promise<RequestPage> {
      return selectMyRequestPage(db, clock.now(), userId, page);
    },

    /** GET /groups/{id}/requests, a page at a time: members only. */
    async forGroup(userId: string, groupId: string, page: RequestPageInput): Promise<RequestPage> {
      const [membership] = await groupListQueries(db).membership.execute({ groupId, userId });
      if (!membership) throw new AppError("FORBIDDEN", "notMember");
      return selectGroupRequestPage(db, clock.now(), groupId, userId, page);
    },

    /**
     * GET /requests/{id}: one request, as the lists show it (the page a notification's link opens).
     * Reading never changes it. Not the caller's and not in their groups: "Request not found".
     */
    async byId(userId: string, requestId: string): Promise<OneRequestView> {
      const view = await selectVisibleRequestView(db, clock.now(), requestId, userId);
      if (!view) throw notFound();
      return { ...view, contact: await claimContactFor(db, view, userId) };
    },

    /** open -> claimed, by a member other than the requester, before the needed-by time. */
    claim(userId: string, requestId: string): Promise<RequestView> {
      return transition(requestId, userId, {
        kind: "claimed",
        refuse: (facts) =>
          facts.userId === userId
            ? new AppError("FORBIDDEN", "cannotClaimOwn")
            : new AppError("CONFLICT", "requestNotClaimable"),
        // The helper's reminder, unless this claim came inside its window.
        then: async (tx, view, now) => {
          const remindAt = helperReminderDueAt(view.neededBy, now);
          if (remindAt) await scheduleReminder(deps.jobs, tx, { requestId: view.id, kind: "helper" }, remindAt);
        },
        confirm: (tx, now, unsubscribe) => enqueueClaimConfirmation(tx, config, unsubscribe, userId, requestId, now),
      });
    },

    /** claimed -> open, by the claimer only; clears claimedBy and claimedAt. */
    unclaim(userId: string, requestId: string): Promise<RequestView> {
      return transition(requestId, userId, {
        kind: "unclaimed",
        // The state before the claimer: an open request "is not claimed", whoever asks.
        refuse: (facts) =>
          facts.status !== "claimed"
            ? new AppError("CONFLICT", "requestNotClaimed")
            : new AppError("FORBIDDEN", "onlyUnclaimOwnClaims"),
        // Given back within a day of its needed-by time: the group hears at once (issue 26); once, as
        // the conditional UPDATE above lets only one give-back of a claim through.
        then: async (tx, view, now, unsubscribe) => {
          if (!givenBackIsNews(view.neededBy, now)) return;
          await enqueueStillWantedNotices(
            tx,
            config,
            unsubscribe,
            { kind: "given_back", request: view, except: [userId] },
            now,
            jobs,
          );
        },
      });
    },

    /** claimed -> fulfilled, by the claimer only; sets fulfilledAt. */
    fulfill(userId: string, requestId: string): Promise<RequestView> {
      return transition(requestId, userId, {
        kind: "fulfilled",
        refuse: (facts) =>
          facts.status !== "claimed"
            ? new AppError("CONFLICT", "requestNotInClaimedStatus")
            : new AppError("FORBIDDEN", "onlyFulfillOwnClaims"),
        then: (tx, _view, _now, _unsubscribe, occurrence) => nextOccurrenceNow(deps, tx, occurrence),
      });
    },

    /** DELETE /requests/{id}: the owner, unless it was fulfilled. */
    async remove(userId: string, requestId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(requests)
          .where(and(eq(requests.id, requestId), requestPermissionSql.canDelete(userId, clock.now())))
          .returning({
            id: requests.id,
            groupId: requests.groupId,
            seriesId: requests.seriesId,
            occurrenceIndex: requests.occurrenceIndex,
          });
        if (!deleted) {
          const facts = await visibleFacts(tx, requestId, userId);
          if (facts.userId !== userId) throw new AppError("FORBIDDEN", "onlyDeleteOwnRequests");
          throw new AppError("CONFLICT", "cannotDeleteFulfilled");
        }
        await nextOccurrenceNow(deps, tx, deleted);
        await publish(tx, "request.deleted", { ...deleted, userId });
      });
    },

    /**
     * POST /requests/{id}/notify: the owner re-sends the posting notice of an open request to the
     * group, at most once an hour; the conditional UPDATE of last_notified_at makes two clicks one send.
     */
    async notifyGroup(
      userId: string,
      requestId: string,
    ): Promise<{ notifiedCount: number; reach: Reach; lastNotifiedAt: Date; nextNotifyAt: Date }> {
      const now = clock.now();
      const quietSince = new Date(now.getTime() - REQUEST_NOTIFY_INTERVAL_MS);
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        // Read before the change, so that the change stores it: the request's group, its requester aside.
        const audience = await newRequestAudience(tx, {
          groupId: sql`(select ${requests.groupId} from ${requests} where ${requests.id} = ${requestId})`,
          posterId: sql`(select ${requests.userId} from ${requests} where ${requests.id} = ${requestId})`,
        });
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
        const notifiedCount = await enqueuePostingNotices(
          tx,
          config,
          unsubscribe,
          view,
          audience.recipients,
          now,
          jobs,
        );
        return { notifiedCount, reach: audience.reach, lastNotifiedAt: now, nextNotifyAt: nextNotifyAt(now) };
      });
    },

    /**
     * POST /requests/{id}/thank: the requester's one-tap "Thank you" to the neighbour who fulfilled it
     * (no text: the product has no messaging). Once: the conditional UPDATE of thanked_at makes a second
     * tap, or two at once, a 409. The helper hears of it by their "thanks" preference.
     */
    async thank(userId: string, requestId: string): Promise<RequestView> {
      const now = clock.now();
      const unsubscribe = await unsubscribeLinks(deps);
      return db.transaction(async (tx) => {
        const [marked] = await tx
          .update(requests)
          .set({ thankedAt: now })
          .where(
            and(
              eq(requests.id, requestId),
              eq(requests.userId, userId),
              eq(requests.status, "fulfilled"),
              isNotNull(requests.claimedBy),
              isNull(requests.thankedAt),
            ),
          )
          .returning({ helperId: requests.claimedBy });
        if (!marked) {
          const facts = await visibleFacts(tx, requestId, userId);
          if (facts.userId !== userId) throw new AppError("FORBIDDEN", "thankOnlyOwnRequests");
          if (facts.status !== "fulfilled") throw new AppError("CONFLICT", "thankOnlyFulfilled");
          if (facts.thankedAt) throw new AppError("CONFLICT", "alreadyThanked");
          throw new AppError("CONFLICT", "thankNoHelper");
        }
        const view = await mustSelectView(tx, now, requestId, userId);
        await enqueueThanksNotice(tx, config, unsubscribe, { request: view, helperId: marked.helperId! }, now, jobs);
        await publish(tx, "request.thanked", view);
        return view;
      });
    },

    /** GET /dashboard: everything the dashboard's first load needs, in a fixed number of statements. */
    dashboard(userId: string): Promise<Dashboard> {
      return loadDashboard(db, clock.now(), userId);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
