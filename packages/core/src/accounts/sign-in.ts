import { type AuthResult, type signInInput } from "@hyn/validators";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, invalidateSession } from "./sessions";
import { findUserByEmail } from "./user-lookup";
import { toUser } from "./user-view";

type SignIn = z.output<typeof signInInput>;

/** Password sign-in and sign-out. The failure limits wrap `signIn` in `sign-in-throttle.ts` (ADR 0012). */
export function createSignInService(deps: CoreDeps) {
  const { db, clock, config } = deps;

  return {
    async signIn(input: SignIn): Promise<AuthResult> {
      const user = await findUserByEmail(db, input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw new AppError("UNAUTHENTICATED", "invalidCredentials");
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError("UNAUTHENTICATED", "invalidCredentials");
      }
      if (config.requireEmailConfirmation && !user.emailVerifiedAt) {
        throw new AppError("FORBIDDEN", "emailNotConfirmed");
      }
      // PRODUCT "Suspension": told only to whoever knows the password.
      if (user.suspendedAt) throw new AppError("FORBIDDEN", "accountSuspended");
      const session = await createSession(db, user.id, clock.now());
      return { user: toUser(user), session };
    },

    signOut(sessionId: string): Promise<void> {
      // The row and the notice that ends its live streams, together.
      return db.transaction((tx) => invalidateSession(tx, sessionId));
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
