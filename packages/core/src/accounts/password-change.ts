import { users } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { assertNotCommonPassword, hashPassword, verifyPassword } from "./passwords";
import { invalidateUserSessions, isFreshFromResetLink } from "./sessions";

export interface PasswordChange {
  password: string;
  /** Required unless the session came from a reset link less than 15 minutes ago. */
  currentPassword?: string | undefined;
}

/**
 * A signed-in person changing their password (the forgotten-password path is `password-reset.ts`).
 * PRODUCT "Changing the password": the current password proves it is them (OWASP ASVS V6); only a
 * session a reset link created moments ago may do without it. The failure limits wrap
 * `updatePassword` in `sign-in-throttle.ts`, like a sign-in.
 */
export function createPasswordChangeService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    /** Whether this session must give the current password to change it (the profile's form asks for it then). */
    async currentPasswordRequired(sessionId: string): Promise<boolean> {
      return !(await isFreshFromResetLink(db, sessionId, clock.now()));
    },

    /**
     * A wrong current password is "currentPasswordIncorrect" (400), checked before anything else, so
     * that the throttle counts it; every other session of the account ends.
     */
    async updatePassword(userId: string, currentSessionId: string, change: PasswordChange): Promise<void> {
      if (change.currentPassword === undefined) {
        if (!(await isFreshFromResetLink(db, currentSessionId, clock.now())))
          throw new AppError("BAD_REQUEST", "currentPasswordRequired");
      } else {
        const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
        if (!account) throw new AppError("NOT_FOUND", "userNotFound");
        if (!(await verifyPassword(account.passwordHash, change.currentPassword)))
          throw new AppError("BAD_REQUEST", "currentPasswordIncorrect");
      }
      assertNotCommonPassword(change.password);
      const passwordHash = await hashPassword(change.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, userId));
        await invalidateUserSessions(tx, userId, currentSessionId);
      });
    },
  };
}
