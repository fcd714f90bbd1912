import { preparedStatement, users, type Transaction } from "@hyn/db";
import { and, eq, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { AppError } from "../shared/errors";

/**
 * A post or a claim holds its author's account row FOR SHARE until it commits (ADR 0024). A suspension
 * marks that row first (moderation/suspend.ts), so it waits for a change in flight and then undoes it; a change
 * that starts once the row is marked waits for the suspension and then finds the account suspended.
 */
export function activeAccountHeld(userId: string | Placeholder): SQL {
  return sql`exists (select 1 from ${users} su where su.id = ${userId} and su.suspended_at is null for share)`;
}

const heldAccount = preparedStatement((executor) =>
  executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sql.placeholder("userId")), isNull(users.suspendedAt)))
    .for("share")
    .prepare("account_held"),
);

/** activeAccountHeld as a statement of its own: refuses a suspended account. */
export async function holdActiveAccount(tx: Transaction, userId: string): Promise<void> {
  const [row] = await heldAccount(tx).execute({ userId });
  if (!row) throw new AppError("FORBIDDEN", "accountSuspended");
}
