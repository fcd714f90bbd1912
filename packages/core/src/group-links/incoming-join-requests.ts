import { groupJoinRequests } from "@hyn/db";
import type { JoinRequest } from "@hyn/validators";
import { sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { joinRequestsWhere } from "./join-request-reads";

/** Who asked to join any group the caller owns, in one statement: the Groups page's first batch. */
export async function incomingJoinRequests(deps: CoreDeps, ownerId: string): Promise<JoinRequest[]> {
  return joinRequestsWhere(
    deps.db,
    sql`${groupJoinRequests.groupId} in (select g.id from groups g where g.created_by = ${ownerId})`,
  );
}
