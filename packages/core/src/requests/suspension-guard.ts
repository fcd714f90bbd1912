import { users, type Transaction } from "@hyn/db";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { AppError } from "../shared/errors";

/**
 * A post or a claim holds its author's account row FOR SHARE until it commits (ADR 0024). A suspension
 * marks that row first (moderation/admin-actions.ts), so it waits for a change in flight and then undoes it; a change
 * that starts once the row is marked waits for the suspension and then finds the account suspended.
 */
export function activeAccountHeld(userId: string): SQL {
  return sql`exists (select 1 from ${users} su where su.id = ${userId} and su.suspended_at is null for share)`;
}

/** activeAccountHeld as a statement of its own: refuses a suspended account. */
export async function holdActiveAccount(tx: Transaction, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .for("share");
  if (!row) throw new AppError("FORBIDDEN", "accountSuspended");
}
