import { users } from "@hyn/db";
import type { reinstateUserInput } from "@hyn/validators";
import { and, eq, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { enqueueEmail } from "../mail/outbox";
import { accountReinstatedEmail } from "../mail/templates";
import { localeOf } from "../shared/locale";
import { audit } from "./audit";

export type ReinstateUser = z.output<typeof reinstateUserInput>;

/**
 * POST /admin/users/{id}/reinstate: lifts the suspension only; nothing withdrawn comes back. The person is
 * told by e-mail (issue 43 §3), queued with the change.
 */
export async function reinstateUser(deps: CoreDeps, adminId: string, input: ReinstateUser): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, input.id), isNotNull(users.suspendedAt)))
      .returning({ email: users.email, name: users.name, locale: users.locale });
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
    // Issue 43 §3: the person hears of it, as they heard of the suspension (essential, always sent).
    await enqueueEmail(tx, now, {
      ...accountReinstatedEmail(person.email, { url: `${deps.config.appUrl}/login` }, localeOf(person.locale)),
      type: "account_reinstated",
      userId: input.id,
    });
  });
}
