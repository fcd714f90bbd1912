import { users } from "@hyn/db";
import type { reinstateUserInput } from "@hyn/validators";
import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { audit } from "./audit";

export type ReinstateUser = z.output<typeof reinstateUserInput>;

/** POST /admin/users/{id}/reinstate: lifts the suspension only; nothing withdrawn comes back. */
export async function reinstateUser(deps: CoreDeps, adminId: string, input: ReinstateUser): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, input.id), isNotNull(users.suspendedAt)))
      .returning({ email: users.email, name: users.name });
    if (!person) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
      throw exists ? new AppError("CONFLICT", "notSuspended") : new AppError("NOT_FOUND", "userNotFound");
    }
    await audit(tx, adminId, now, {
      action: "user_reinstated",
      subjectId: input.id,
      subjectLabel: `${displayName(person.name, person.email)} <${person.email}>`,
      reason: input.reason,
    });
  });
}
