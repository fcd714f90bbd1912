import { requestSeries, type Transaction } from "@hyn/db";
import type { createRequestInput, RepeatEvery } from "@hyn/validators";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { untilIsBeforeFirst } from "./rules";
import { scheduleSeriesNext } from "./schedule";

type RepeatInput = { every: RepeatEvery; until: Date | null };
type CreateRequest = Omit<z.output<typeof createRequestInput>, "repeat" | "onBehalfOf" | "phone">;

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
