import { timestampParam, users } from "@hyn/db";
import { type AuthResult, type completePasswordResetInput } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { enqueueEmail } from "../mail/outbox";
import { passwordResetEmail } from "../mail/templates";
import { holdActiveAccount } from "../requests/suspension-guard";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { authTokenState, consumeAuthToken, issueAuthToken } from "./auth-tokens";
import { assertNotCommonPassword, hashPassword } from "./passwords";
import { createSession, invalidateUserSessions } from "./sessions";
import { authCallbackLink, findUserByEmail, loadUser } from "./user-lookup";
import { toUser } from "./user-view";

type CompleteReset = z.output<typeof completePasswordResetInput>;

/** A forgotten password: the reset e-mail, its link's check, and the new password set through it. */
export function createPasswordResetService(deps: CoreDeps) {
  const { db, clock, config } = deps;

  return {
    /** Always answers the same, whether or not the address has an account: the answer tells no one who has one. */
    async requestPasswordReset(email: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user) return;
        const token = await issueAuthToken(tx, user.id, "reset_password", now);
        const link = authCallbackLink(config.appUrl, token, "recovery");
        await enqueueEmail(tx, now, {
          ...passwordResetEmail(user.email, link, localeOf(user.locale)),
          type: "reset_password",
          userId: user.id,
        });
      });
    },

    /** The reset page's first question: can this link still set a password, or was it used already? */
    resetTokenState(token: string): Promise<"valid" | "used" | "invalid"> {
      return authTokenState(db, token, "reset_password", clock.now());
    },

    /**
     * Sets the new password, ends every session of the account, and signs this browser in. A suspended
     * account is refused as its sign-in is (403, nothing changed, the link left unused): the account row is
     * held, so a suspension racing the reset ends the session it made.
     */
    async completePasswordReset(input: CompleteReset): Promise<AuthResult> {
      assertNotCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, input.token, "reset_password", now);
        if (!userId) {
          const used = (await authTokenState(tx, input.token, "reset_password", now)) === "used";
          throw new AppError("BAD_REQUEST", used ? "resetLinkUsed" : "resetLinkInvalid");
        }
        await holdActiveAccount(tx, userId);
        // Receiving the link proves the address too.
        await tx
          .update(users)
          .set({
            passwordHash,
            updatedAt: now,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${timestampParam(now)})`,
          })
          .where(eq(users.id, userId));
        await invalidateUserSessions(tx, userId);
        const session = await createSession(tx, userId, now, "reset link");
        return { user: toUser(await loadUser(tx, userId)), session };
      });
    },
  };
}
