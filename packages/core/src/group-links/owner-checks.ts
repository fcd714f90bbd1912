import { groupJoinRequests, groups, type Executor, type Transaction } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import { lockGroup, type LockedGroup } from "../groups/membership";
import { AppError } from "../shared/errors";
import { pendingJoinRequest } from "./join-request-reads";

/** The group locked for a change by its owner; 403 for anyone else. */
export async function ownedGroup(tx: Transaction, ownerId: string, groupId: string): Promise<LockedGroup> {
  const group = await lockGroup(tx, groupId);
  if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyCreatorsInvite");
  return group;
}

/** Read-only owner check (no lock): the lists. */
export async function assertOwner(executor: Executor, ownerId: string, groupId: string) {
  const [group] = await executor.select({ createdBy: groups.createdBy }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
  if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyCreatorsInvite");
}

/** A join request named by its group and id, as the owner answers it. */
export interface JoinRequestRef {
  groupId: string;
  joinRequestId: string;
}

/** Locks the group, then the request (lock order: group, request, user limits). */
export async function lockJoinRequest(tx: Transaction, ownerId: string, { groupId, joinRequestId }: JoinRequestRef) {
  const group = await ownedGroup(tx, ownerId, groupId);
  const [request] = await tx
    .select({ id: groupJoinRequests.id, userId: groupJoinRequests.userId, createdAt: groupJoinRequests.createdAt })
    .from(groupJoinRequests)
    .where(and(eq(groupJoinRequests.id, joinRequestId), eq(groupJoinRequests.groupId, groupId), pendingJoinRequest()))
    .for("update");
  if (!request) throw new AppError("NOT_FOUND", "joinRequestNotFound");
  return { group, request };
}
