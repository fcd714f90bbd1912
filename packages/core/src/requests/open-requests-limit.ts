import type { Transaction } from "@hyn/db";
import { openRequestLimitRefusal } from "@hyn/validators/rules";
import { countUsage, lockUserLimits } from "../limits/usage";
import { AppError } from "../shared/errors";

/**
 * The open-request limit (PRODUCT "Limits") when posting: the user's limits row is locked first, so concurrent posts of one user queue
 * here and each counts what the previous one committed; the rule is the one the
 * can-create answer and the web's New Request button use.
 */
export async function assertBelowOpenRequestLimit(tx: Transaction, userId: string): Promise<void> {
  const limits = await lockUserLimits(tx, userId);
  const refusal = openRequestLimitRefusal(limits, await countUsage(tx, userId));
  if (refusal !== null) throw new AppError("CONFLICT", refusal);
}
