import { users } from "@hyn/db";
import { type EmailFrequency, type Locale, type updateProfileInput, type User } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { setProfileFrequency } from "../preferences/profile-frequency";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { loadUser } from "./user-lookup";
import { assertPhoneMayGo } from "../shared/ask-first";
import { toUser, userColumns } from "./user-view";

type ProfileUpdate = z.output<typeof updateProfileInput>;

/** A person's own account as they see and edit it: name, phone, area, language. */
export function createProfileService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    async currentUser(userId: string): Promise<User> {
      return toUser(await loadUser(db, userId));
    },

    /**
     * Saves the details. Emptying the phone is refused while something of the person's says "Ask me first"
     * (issue 43 §5), checked after the row is locked by the update, so a post at the same moment is seen.
     */
    async updateProfile(userId: string, input: ProfileUpdate): Promise<User> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .update(users)
          .set({
            name: input.name,
            phone: input.phone,
            generalArea: input.generalArea,
            ...(input.emailHidden === undefined ? {} : { emailHidden: input.emailHidden }),
            updatedAt: now,
          })
          .where(eq(users.id, userId))
          .returning(userColumns);
        if (!row) throw new AppError("NOT_FOUND", "userNotFound");
        if (row.phone === null) await assertPhoneMayGo(tx, userId, now);
        return toUser(row);
      });
    },

    /**
     * The answer to the question asked once (PRODUCT "Asked once"): the profile's frequency when one is given
     * (the same preference the profile shows), and the account marked asked, once (a second answer, from
     * another browser, keeps the first time), both in one transaction. "Not now" (null) marks nothing: the
     * question comes back on the next visit, and until it is answered the groups joined by an invitation or a
     * link reach the person in the daily summary (issue 43 §5).
     */
    async answerNotificationsQuestion(userId: string, frequency: EmailFrequency | null): Promise<User> {
      const now = clock.now();
      if (frequency === null) return toUser(await loadUser(db, userId));
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            notificationsAskedAt: sql`coalesce(${users.notificationsAskedAt}, ${now.toISOString()}::timestamptz)`,
          })
          .where(eq(users.id, userId))
          .returning(userColumns);
        if (!row) throw new AppError("NOT_FOUND", "userNotFound");
        await setProfileFrequency(tx, userId, frequency, now);
        return toUser(row);
      });
    },

    /** The language the person picked: the app and every e-mail to them use it from now on. */
    async updateLocale(userId: string, locale: Locale): Promise<User> {
      const [row] = await db
        .update(users)
        .set({ locale, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning(userColumns);
      if (!row) throw new AppError("NOT_FOUND", "userNotFound");
      return toUser(row);
    },
  };
}
