import { groupJoinRequests } from "@hyn/db";
import type { JoinRequest } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { joinRequestsWhere } from "./join-request-reads";
import { assertOwner } from "./owner-checks";

/** Owner only: who asked to join, oldest first. */
export async function groupJoinRequestsOf(deps: CoreDeps, ownerId: string, groupId: string): Promise<JoinRequest[]> {
  await assertOwner(deps.db, ownerId, groupId);
  return joinRequestsWhere(deps.db, eq(groupJoinRequests.groupId, groupId));
}
