import type { RepeatEvery } from "@hyn/validators/rules";
import { DAY_MS } from "../shared/clock";

/**
 * When a repeating request's occurrences are needed (issue 28 §2, ADR 0023). Pure: the series service and its
 * job only store and create; these decide. Occurrence 0 is the first request, as posted; occurrence n is counted
 * from it (never from the one before), so a month series that starts on the 31st comes back on the last day of
 * a shorter month and on the 31st again after it, and skipping one never shifts the ones after.
 */

export interface SeriesTiming {
  /** The first occurrence's needed-by time: every later one is counted from it. */
  firstNeededBy: Date;
  every: RepeatEvery;
  /** No occurrence is needed after this time; null: until stopped. */
  until: Date | null;
}

const DAYS_APART: Record<Exclude<RepeatEvery, "month">, number> = { week: 7, "2weeks": 14 };

/** The needed-by time of occurrence `index` (0 is the first), in UTC calendar terms. */
export function occurrenceNeededBy(firstNeededBy: Date, every: RepeatEvery, index: number): Date {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`occurrence index ${index}`);
  if (every !== "month") return new Date(firstNeededBy.getTime() + index * DAYS_APART[every] * DAY_MS);
  const first = firstNeededBy;
  const monthIndex = first.getUTCMonth() + index;
  const year = first.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  // The same day of the month, or the month's last day when it has fewer (31 January -> 28/29 February).
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(first.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      first.getUTCHours(),
      first.getUTCMinutes(),
      first.getUTCSeconds(),
      first.getUTCMilliseconds(),
    ),
  );
}

/** A repeat's `until` is refused when it comes before the first needed-by time (the series would be empty). */
export function untilIsBeforeFirst(firstNeededBy: Date, until: Date | null): boolean {
  return until !== null && until.getTime() < firstNeededBy.getTime();
}

export interface Occurrence {
  index: number;
  neededBy: Date;
}

/**
 * The occurrence that follows `afterIndex` (the current one, fulfilled, deleted, past or skipped): the first later
 * one whose needed-by time is still ahead of `now` (a server that was away for weeks does not post the missed ones),
 * or null when the series is over (past its `until`).
 */
export function nextOccurrence(timing: SeriesTiming, afterIndex: number, now: Date): Occurrence | null {
  let index = afterIndex + 1;
  let neededBy = occurrenceNeededBy(timing.firstNeededBy, timing.every, index);
  while (neededBy.getTime() <= now.getTime() && !(timing.until && neededBy.getTime() > timing.until.getTime())) {
    index += 1;
    neededBy = occurrenceNeededBy(timing.firstNeededBy, timing.every, index);
  }
  if (timing.until && neededBy.getTime() > timing.until.getTime()) return null;
  return { index, neededBy };
}
