import { requests } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { enqueueThanksNotice } from "../notifications/immediate";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import { mustSelectView, publishRequest, visibleFacts } from "./request-reads";

/**
 * POST /requests/{id}/thank: the requester's one-tap "Thank you" to the neighbour who fulfilled it
 * (no text: the product has no messaging). Once: the conditional UPDATE of thanked_at makes a second
 * tap, or two at once, a 409. The helper hears of it by their "thanks" preference.
 */
export async function thankHelper(deps: CoreDeps, userId: string, requestId: string): Promise<RequestView> {
  const { db, clock, config, jobs } = deps;
  const now = clock.now();
  const unsubscribe = await unsubscribeLinks(deps);
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(requests)
      .set({ thankedAt: now })
      .where(
        and(
          eq(requests.id, requestId),
          eq(requests.userId, userId),
          eq(requests.status, "fulfilled"),
          isNotNull(requests.claimedBy),
          isNull(requests.thankedAt),
        ),
      )
      .returning({ helperId: requests.claimedBy });
    if (!marked) {
      const facts = await visibleFacts(tx, requestId, userId);
      if (facts.userId !== userId) throw new AppError("FORBIDDEN", "thankOnlyOwnRequests");
      if (facts.status !== "fulfilled") throw new AppError("CONFLICT", "thankOnlyFulfilled");
      if (facts.thankedAt) throw new AppError("CONFLICT", "alreadyThanked");
      throw new AppError("CONFLICT", "thankNoHelper");
    }
    const view = await mustSelectView(tx, now, requestId, userId);
    await enqueueThanksNotice(tx, config, unsubscribe, { request: view, helperId: marked.helperId! }, now, jobs);
    await publishRequest(tx, "request.thanked", view);
    return view;
  });
}
