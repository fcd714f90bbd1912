import { requests } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { requestPermissionSql } from "./permissions";
import { publishRequest, visibleFacts } from "./request-reads";
import { nextOccurrenceNow } from "./transition";

/** DELETE /requests/{id}: the owner, unless it was fulfilled. */
export async function removeRequest(deps: CoreDeps, userId: string, requestId: string): Promise<void> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(requests)
      .where(and(eq(requests.id, requestId), requestPermissionSql.canDelete(userId, clock.now())))
      .returning({
        id: requests.id,
        groupId: requests.groupId,
        seriesId: requests.seriesId,
        occurrenceIndex: requests.occurrenceIndex,
      });
    if (!deleted) {
      const facts = await visibleFacts(tx, requestId, userId);
      if (facts.userId !== userId) throw new AppError("FORBIDDEN", "onlyDeleteOwnRequests");
      throw new AppError("CONFLICT", "cannotDeleteFulfilled");
    }
    await nextOccurrenceNow(deps, tx, deleted);
    await publishRequest(tx, "request.deleted", { ...deleted, userId });
  });
}
