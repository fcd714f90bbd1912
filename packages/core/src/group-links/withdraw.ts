import { groupJoinRequests } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { pendingJoinRequest } from "./join-request-reads";

/**
 * The person who asked takes their request back (issue 43): it leaves the owner's list. The row stays,
 * marked, so asking again at once neither e-mails the owner twice in a minute nor escapes a decline.
 * Not waiting (answered, withdrawn, never asked): "Join request not found".
 */
export async function withdrawJoinRequest(deps: CoreDeps, userId: string, groupId: string): Promise<void> {
  const withdrawn = await deps.db
    .update(groupJoinRequests)
    .set({ withdrawnAt: deps.clock.now() })
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId), pendingJoinRequest()))
    .returning({ id: groupJoinRequests.id });
  if (withdrawn.length === 0) throw new AppError("NOT_FOUND", "joinRequestNotFound");
}
