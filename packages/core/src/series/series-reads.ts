import { groupMembers, requests, requestSeries, type Transaction } from "@hyn/db";
import type { SeriesView } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { selectVisibleRequestView } from "../request-views/view";
import { noBlockBetween } from "../shared/blocks";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { nextOccurrence, type SeriesTiming } from "./rules";

const notFound = () => new AppError("NOT_FOUND", "seriesNotFound");

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
export type SeriesRow = NonNullable<Awaited<ReturnType<typeof selectSeries>>>;

export async function selectSeries(tx: Transaction, seriesId: string, lock: boolean) {
  const query = tx.select(seriesColumns).from(requestSeries).where(eq(requestSeries.id, seriesId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export function timingOf(series: Pick<SeriesRow, "firstNeededBy" | "every" | "until">): SeriesTiming {
  return { firstNeededBy: series.firstNeededBy, every: series.every, until: series.until };
}

/** The current occurrence's row, if it still exists. */
export async function currentOccurrence(tx: Transaction, seriesId: string, index: number) {
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
 * Whether someone other than its requester may see a series: a member of its group with no block
 * between them and the requester (PRODUCT "Blocking"), or, only `to read`, its helper, as a claim made
 * before a block stays with its helper (so they can still let it go).
 */
export async function seesSeries(
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
export async function visibleSeries(
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

/** The series locked for a change only its requester makes, while it runs. */
export async function ownSeries(tx: Transaction, userId: string, seriesId: string) {
  const series = await visibleSeries(tx, userId, seriesId, true);
  if (series.userId !== userId) throw new AppError("FORBIDDEN", "seriesOnlyRequester");
  if (series.stoppedAt) throw new AppError("CONFLICT", "seriesStopped");
  return series;
}

/** The series as the caller sees it: its current occurrence (as they may see it) and when the next is needed. */
export async function viewOf(deps: CoreDeps, tx: Transaction, userId: string, series: SeriesRow): Promise<SeriesView> {
  const now = deps.clock.now();
  const current = await currentOccurrence(tx, series.id, series.currentIndex);
  const currentView = current ? await selectVisibleRequestView(tx, now, current.id, userId) : null;
  const next = series.stoppedAt ? null : nextOccurrence(timingOf(series), series.currentIndex, now);
  const { currentIndex: _index, ...fields } = series;
  return { ...fields, current: currentView, nextNeededBy: next?.neededBy ?? null };
}

/** The series read again after a change, as the caller sees it. */
export async function viewAfterChange(deps: CoreDeps, tx: Transaction, userId: string, seriesId: string) {
  return viewOf(deps, tx, userId, (await selectSeries(tx, seriesId, false))!);
}
