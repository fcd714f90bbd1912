import { invites, userLimits, users, type Executor } from "@hyn/db";
import { DEFAULT_LOCALE, type AuthResult, type Locale, type signUpInput } from "@hyn/validators";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import { enqueueEmail } from "../mail/outbox";
import { verificationEmail } from "../mail/templates";
import { addDefaultEmailPreferences } from "../preferences/profile-frequency";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { hashToken } from "../shared/tokens";
import { consumeAuthToken, issueAuthToken } from "./auth-tokens";
import { assertNotCommonPassword, hashPassword } from "./passwords";
import { holdActiveAccount } from "../requests/suspension-guard";
import { createSession } from "./sessions";
import { authCallbackLink, findUserByEmail, loadUser } from "./user-lookup";
import { toUser, userColumns } from "./user-view";

type SignUp = z.output<typeof signUpInput>;

/**
 * Issue 43: an e-mail invitation's link proves its address (it was read in that mailbox), so signing up with a
 * pending invitation's token, for the address it was sent to, needs no second e-mail. A group link is bound to
 * no address, and another address is not proven: both still confirm.
 */
async function provenByInvitation(executor: Executor, token: string | undefined, email: string, now: Date) {
  if (!token) return false;
  const [invite] = await executor
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.tokenHash, hashToken(token)),
        eq(invites.email, email),
        isNull(invites.usedAt),
        gt(invites.expiresAt, now),
      ),
    );
  return invite !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Creating an account and confirming its address (the verification e-mail and its link). */
export function createSignUpService(deps: CoreDeps) {
  const { db, clock, config } = deps;

  async function sendVerification(executor: Executor, user: { id: string; email: string; locale: string }, now: Date) {
    const token = await issueAuthToken(executor, user.id, "verify_email", now);
    const link = authCallbackLink(config.appUrl, token, "signup");
    await enqueueEmail(executor, now, {
      ...verificationEmail(user.email, link, localeOf(user.locale)),
      type: "verify_email",
      userId: user.id,
    });
  }

  return {
    /** `locale`: the language the sign-up asked in (its Accept-Language), kept as the account's. */
    async signUp(input: SignUp, locale: Locale = DEFAULT_LOCALE): Promise<AuthResult> {
      assertNotCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const proven = await provenByInvitation(tx, input.inviteToken, input.email, now);
          const [created] = await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              name: input.name ?? "",
              phone: input.phone ?? null,
              generalArea: input.generalArea ?? null,
              isAdmin: config.adminEmails.has(input.email),
              locale,
              emailVerifiedAt: proven ? now : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning(userColumns);
          if (!created) throw new AppError("CONFLICT", "userCreationFailed");
          await tx.insert(userLimits).values({ userId: created.id, createdAt: now, updatedAt: now });
          await addDefaultEmailPreferences(tx, created.id, now);
          if (config.requireEmailConfirmation && !proven) {
            await sendVerification(tx, created, now);
            return { user: toUser(created), session: null };
          }
          const session = await createSession(tx, created.id, now);
          return { user: toUser(created), session };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", "userAlreadyExists");
        throw error;
      }
    },

    /** Always answers the same; sends only to an existing, unverified account. */
    async resendConfirmation(email: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user || user.emailVerifiedAt) return;
        await sendVerification(tx, user, now);
      });
    },

    /** Confirms the address and signs the person in (the link came to their inbox), unless the account is suspended. */
    async verifyEmail(token: string): Promise<AuthResult> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, token, "verify_email", now);
        if (!userId) throw new AppError("BAD_REQUEST", "verificationLinkExpired");
        // A suspended account is refused as its sign-in is; the throw keeps the link unused.
        await holdActiveAccount(tx, userId);
        await tx
          .update(users)
          .set({ emailVerifiedAt: now, updatedAt: now })
          .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
        const session = await createSession(tx, userId, now);
        return { user: toUser(await loadUser(tx, userId)), session };
      });
    },
  };
}
