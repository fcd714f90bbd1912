import { requests, requestSeries, users, type Transaction } from "@hyn/db";
import type { IfUnavailable } from "@hyn/validators";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { AppError } from "./errors";

/**
 * "Ask me first" needs a way to ask (issue 43 §5): the helper in the shop calls the requester, so a request
 * (a trip's item, a repeating request) may say it only when its poster's profile has a phone, or the post
 * brings one, which is then saved to the profile in the same transaction. A request for a neighbour without
 * the app is exempt: its helper calls that neighbour, whose phone is required. The user's row is share-locked,
 * so a profile emptying the phone at the same moment waits for this post and then sees it (`assertPhoneMayGo`).
 */
export async function assertAskFirstReachable(
  tx: Transaction,
  userId: string,
  post: { ifUnavailable: IfUnavailable | undefined; phone: string | null; onBehalfOf?: string | null },
  now: Date,
): Promise<void> {
  if (post.ifUnavailable !== "ask" || post.onBehalfOf) return;
  if (post.phone !== null) {
    await tx.update(users).set({ phone: post.phone, updatedAt: now }).where(eq(users.id, userId));
    return;
  }
  const [row] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).for("share");
  if (!row?.phone) throw new AppError("BAD_REQUEST", "askFirstNeedsPhone");
}

/**
 * A profile may not drop its phone while something of the person's still says "Ask me first" (issue 43 §5): an
 * open or claimed request of their own not yet past its needed-by time (not one for a neighbour without the
 * app), or a repeating request that will post more. Called after the user's row is updated (and so locked) in the profile's transaction.
 */
export async function assertPhoneMayGo(tx: Transaction, userId: string, now: Date): Promise<void> {
  const [asking] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.userId, userId),
        eq(requests.ifUnavailable, "ask"),
        inArray(requests.status, ["open", "claimed"]),
        gt(requests.neededBy, now),
        isNull(requests.onBehalfOf),
      ),
    )
    .limit(1);
  const [repeating] = asking
    ? [asking]
    : await tx
        .select({ id: requestSeries.id })
        .from(requestSeries)
        .where(
          and(
            eq(requestSeries.userId, userId),
            eq(requestSeries.ifUnavailable, "ask"),
            isNull(requestSeries.stoppedAt),
            or(isNull(requestSeries.until), sql`${requestSeries.until} > ${now.toISOString()}::timestamptz`),
          ),
        )
        .limit(1);
  if (repeating) throw new AppError("BAD_REQUEST", "phoneNeededForAskFirst");
}
