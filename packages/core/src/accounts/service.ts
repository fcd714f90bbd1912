import { groupMembers, timestampParam, userEmailPreferences, userLimits, users, type Executor } from "@hyn/db";
import {
  DEFAULT_LOCALE,
  type Locale,
  type AuthResult,
  type EmailPreferences,
  type PublicUser,
  type User,
  type completePasswordResetInput,
  type emailPreferencesInput,
  type signInInput,
  type signUpInput,
  type updateProfileInput,
} from "@hyn/validators";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { passwordResetEmail, verificationEmail } from "../mail/templates";
import { enqueueEmail } from "../mail/outbox";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import type { CoreDeps } from "../shared/deps";
import { consumeAuthToken, findValidAuthToken, issueAuthToken } from "./auth-tokens";
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, invalidateSession, invalidateUserSessions } from "./sessions";
import { publicUserColumns, toUser, userColumns } from "./user-view";

type SignUp = z.output<typeof signUpInput>;
type SignIn = z.output<typeof signInInput>;
type ProfileUpdate = z.output<typeof updateProfileInput>;
type CompleteReset = z.output<typeof completePasswordResetInput>;
type PreferencesUpdate = z.output<typeof emailPreferencesInput>;

function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new AppError("BAD_REQUEST", "commonPassword");
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function createAccountsService(deps: CoreDeps) {
  const { db, clock, config } = deps;
  const link = (path: string) => `${config.appUrl}${path}`;
  const verifyLink = (token: string) => link(`/auth/callback?token_hash=${encodeURIComponent(token)}&type=signup`);
  const resetLink = (token: string) => link(`/auth/callback?token_hash=${encodeURIComponent(token)}&type=recovery`);

  async function loadUser(executor: Executor, id: string) {
    const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id));
    if (!row) throw new AppError("NOT_FOUND", "userNotFound");
    return row;
  }

  async function findByEmail(executor: Executor, email: string) {
    const [row] = await executor
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row ?? null;
  }

  async function sendVerification(executor: Executor, user: { id: string; email: string; locale: string }, now: Date) {
    const token = await issueAuthToken(executor, user.id, "verify_email", now);
    await enqueueEmail(executor, now, { ...verificationEmail(user.email, verifyLink(token), localeOf(user.locale)), type: "verify_email", userId: user.id });
  }

  return {
    /** `locale`: the language the sign-up asked in (its Accept-Language), kept as the account's. */
    async signUp(input: SignUp, locale: Locale = DEFAULT_LOCALE): Promise<AuthResult> {
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
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
              createdAt: now,
              updatedAt: now,
            })
            .returning(userColumns);
          if (!created) throw new AppError("CONFLICT", "userCreationFailed");
          await tx.insert(userLimits).values({ userId: created.id, createdAt: now, updatedAt: now });
          await tx.insert(userEmailPreferences).values({ userId: created.id, createdAt: now, updatedAt: now });
          if (config.requireEmailConfirmation) {
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
        const user = await findByEmail(tx, email);
        if (!user || user.emailVerifiedAt) return;
        await sendVerification(tx, user, now);
      });
    },

    /** Confirms the address and signs the person in (the link came to their inbox). */
    async verifyEmail(token: string): Promise<AuthResult> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, token, "verify_email", now);
        if (!userId) throw new AppError("BAD_REQUEST", "verificationLinkExpired");
        await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
        const session = await createSession(tx, userId, now);
        return { user: toUser(await loadUser(tx, userId)), session };
      });
    },

    async signIn(input: SignIn): Promise<AuthResult> {
      const user = await findByEmail(db, input.email);
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
      const session = await createSession(db, user.id, clock.now());
      return { user: toUser(user), session };
    },

    signOut(sessionId: string): Promise<void> {
      return invalidateSession(db, sessionId);
    },

    async currentUser(userId: string): Promise<User> {
      return toUser(await loadUser(db, userId));
    },

    /** A user is visible to themself and to people who share a group with them; others get "User not found". */
    async visibleUser(viewerId: string, userId: string): Promise<PublicUser> {
      const [found] = await this.visibleUsers(viewerId, [userId]);
      if (!found) throw new AppError("NOT_FOUND", "userNotFound");
      return found;
    },

    async visibleUsers(viewerId: string, userIds: string[]): Promise<PublicUser[]> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const mine = alias(groupMembers, "mine");
      const theirs = alias(groupMembers, "theirs");
      const shared = db
        .select({ userId: theirs.userId })
        .from(theirs)
        .innerJoin(mine, and(eq(mine.groupId, theirs.groupId), eq(mine.userId, viewerId)))
        .where(inArray(theirs.userId, ids));
      return db
        .select(publicUserColumns)
        .from(users)
        .where(and(inArray(users.id, ids), sql`(${users.id} = ${viewerId} OR ${users.id} IN (${shared}))`));
    },

    async updateProfile(userId: string, input: ProfileUpdate): Promise<User> {
      const [row] = await db
        .update(users)
        .set({ name: input.name, phone: input.phone, generalArea: input.generalArea, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning(userColumns);
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return toUser(row);
    },

    /** The language the person picked: the app and every e-mail to them use it from now on. */
    async updateLocale(userId: string, locale: Locale): Promise<User> {
      const [row] = await db.update(users).set({ locale, updatedAt: clock.now() }).where(eq(users.id, userId)).returning(userColumns);
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return toUser(row);
    },

    /** Always answers the same, whether or not the address has an account: no one learns who has one. */
    async requestPasswordReset(email: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findByEmail(tx, email);
        if (!user) return;
        const token = await issueAuthToken(tx, user.id, "reset_password", now);
        await enqueueEmail(tx, now, { ...passwordResetEmail(user.email, resetLink(token), localeOf(user.locale)), type: "reset_password", userId: user.id });
      });
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      return (await findValidAuthToken(db, token, "reset_password", clock.now())) !== null;
    },

    /** Sets the new password, ends every session of the account, and signs this browser in. */
    async completePasswordReset(input: CompleteReset): Promise<AuthResult> {
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, input.token, "reset_password", now);
        if (!userId) throw new AppError("BAD_REQUEST", "resetLinkInvalid");
        // Receiving the link proves the address too.
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${timestampParam(now)})` })
          .where(eq(users.id, userId));
        await invalidateUserSessions(tx, userId);
        const session = await createSession(tx, userId, now);
        return { user: toUser(await loadUser(tx, userId)), session };
      });
    },

    /** Signed-in password change: every other session of the account ends. */
    async updatePassword(userId: string, currentSessionId: string, password: string): Promise<void> {
      assertNotCommon(password);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, userId));
        await invalidateUserSessions(tx, userId, currentSessionId);
      });
    },

    async emailPreferences(userId: string): Promise<EmailPreferences> {
      const now = clock.now();
      // A default record (disabled) is created if none exists.
      await db.insert(userEmailPreferences).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
      const [row] = await db.select().from(userEmailPreferences).where(eq(userEmailPreferences.userId, userId));
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return row;
    },

    async updateEmailPreferences(userId: string, input: PreferencesUpdate): Promise<EmailPreferences> {
      const now = clock.now();
      const [row] = await db
        .insert(userEmailPreferences)
        .values({ userId, frequency: input.frequency, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: userEmailPreferences.userId, set: { frequency: input.frequency, updatedAt: now } })
        .returning();
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return row;
    },

    /** ADMIN_EMAILS accounts are admins; called at start so the flag in the database is the one truth. */
    async grantConfiguredAdmins(): Promise<void> {
      const emails = [...config.adminEmails];
      if (emails.length === 0) return;
      await db.update(users).set({ isAdmin: true }).where(inArray(sql`lower(${users.email})`, emails));
    },

    async grantAdmin(email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ isAdmin: true })
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
