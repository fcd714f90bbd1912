import { requests, type Executor, type Transaction } from "@hyn/db";
import type { RequestEventType, RequestView } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { publishRequestEvent } from "../events/publish";
import { inGroupsOf, selectRequestView } from "../request-views/view";
import { AppError } from "../shared/errors";

export const requestNotFound = () => new AppError("NOT_FOUND", "requestNotFound");

/** What the refusal messages are decided from, read only after a conditional change matched nothing. */
export interface RequestFacts {
  userId: string;
  status: string;
  claimedBy: string | null;
  neededBy: Date;
  lastNotifiedAt: Date | null;
  thankedAt: Date | null;
  callerIsMember: boolean;
}

/**
 * The request as the caller may see it: their own, or one in a group they belong to. Anything else is
 * "Request not found", so ids in other groups do not reveal that they exist.
 */
export async function visibleFacts(executor: Executor, requestId: string, userId: string): Promise<RequestFacts> {
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
  if (!facts || (!facts.callerIsMember && facts.userId !== userId)) throw requestNotFound();
  return facts;
}

/** The request as its change's actor reads it in the answer (their own reach, if it is theirs). */
export async function mustSelectView(
  tx: Transaction,
  now: Date,
  requestId: string,
  reader: string,
): Promise<RequestView> {
  const view = await selectRequestView(tx, now, requestId, reader);
  if (!view) throw requestNotFound();
  return view;
}

/** The live event of a change, committed with it. */
export function publishRequest(
  tx: Transaction,
  type: RequestEventType,
  request: { id: string; groupId: string; userId: string },
) {
  return publishRequestEvent(tx, { type, requestId: request.id, groupId: request.groupId, ownerId: request.userId });
}
