import { users } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { assertNotCommonPassword, hashPassword } from "./passwords";
import { invalidateUserSessions } from "./sessions";

/** A signed-in person changing their password (the forgotten-password path is `password-reset.ts`). */
export function createPasswordChangeService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    /** Every other session of the account ends. */
    async updatePassword(userId: string, currentSessionId: string, password: string): Promise<void> {
      assertNotCommonPassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, userId));
        await invalidateUserSessions(tx, userId, currentSessionId);
      });
    },
  };
}
