import { requests, type Transaction } from "@hyn/db";
import { limitMessage } from "@hyn/validators";
import { and, count, eq } from "drizzle-orm";
import { lockUserLimits } from "../limits/usage";
import { AppError } from "../shared/errors";

/**
 * SPEC §9: at most maxOpenRequests open requests per user. The user's limits row is locked first, so
 * concurrent posts of one user queue here and each counts what the previous one committed (DESIGN §6).
 * An open request counts until it is claimed or deleted, whatever its needed-by time.
 */
export async function assertBelowOpenRequestLimit(tx: Transaction, userId: string): Promise<void> {
  const { maxOpenRequests } = await lockUserLimits(tx, userId);
  const [row] = await tx
    .select({ open: count() })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.status, "open")));
  const open = row?.open ?? 0;
  if (open >= maxOpenRequests) throw new AppError("CONFLICT", limitMessage("open requests", maxOpenRequests, open));
}
