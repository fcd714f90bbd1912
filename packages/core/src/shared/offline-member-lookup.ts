import { offlineMembers, type Executor } from "@hyn/db";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "./errors";

export const offlineNeighbourNotFound = () => new AppError("NOT_FOUND", "offlineNeighbourNotFound");

/** How many neighbours without the app a group has: they count toward its members (issue 42 §1). */
export async function countOfflineMembers(executor: Executor, groupId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(offlineMembers)
    .where(eq(offlineMembers.groupId, groupId));
  return row?.count ?? 0;
}

/** A request may be posted only for a neighbour without the app of its own group. */
export async function assertOfflineMemberOf(executor: Executor, groupId: string, offlineId: string): Promise<void> {
  const [row] = await executor
    .select({ id: offlineMembers.id })
    .from(offlineMembers)
    .where(and(eq(offlineMembers.id, offlineId), eq(offlineMembers.groupId, groupId)));
  if (!row) throw offlineNeighbourNotFound();
}
