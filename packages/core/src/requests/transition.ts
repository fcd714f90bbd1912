import type { Transaction } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import type { RequestChange } from "../mail/templates";
import { enqueueChangeNotice } from "../notifications/immediate";
import { scheduleSeriesNext } from "../series/schedule";
import type { CoreDeps } from "../shared/deps";
import type { AppError } from "../shared/errors";
import { unsubscribeLinks, type UnsubscribeLinks } from "../unsubscribe/links";
import { mustSelectView, publishRequest, visibleFacts, type RequestFacts } from "./request-reads";
import { transitionUpdates } from "./statements";

/** Which occurrence of a repeating request a changed row is (both null for a single request). */
export interface Occurrence {
  seriesId: string | null;
  occurrenceIndex: number | null;
}

/**
 * A repeating request's occurrence was fulfilled or deleted: its next one is posted now, by the series job
 * queued in this transaction (ADR 0023), not at its needed-by time.
 */
export async function nextOccurrenceNow(deps: CoreDeps, tx: Transaction, occurrence: Occurrence): Promise<void> {
  if (occurrence.seriesId === null || occurrence.occurrenceIndex === null) return;
  await scheduleSeriesNext(deps.jobs, tx, { seriesId: occurrence.seriesId, afterIndex: occurrence.occurrenceIndex });
}

export interface Change {
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
}

/**
 * A state change made as one conditional UPDATE, holding the actor's membership so that
 * it and their departure from the group serialise: when it matches no row, the refusal is
 * explained from a fresh read in the same transaction. Then the requester's notice and the live event,
 * both committed with the change.
 */
export async function transition(
  deps: CoreDeps,
  userId: string,
  requestId: string,
  change: Change,
): Promise<RequestView> {
  const { db, clock, config, jobs } = deps;
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
    await publishRequest(tx, `request.${change.kind}`, view);
    return view;
  });
}
