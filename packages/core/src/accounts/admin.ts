import { users } from "@hyn/db";
import { inArray, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";

/** The admin flag: granted from ADMIN_EMAILS at start, or by `admin:grant` (apps/server/src/cli). */
export function createAdminGrantService(deps: CoreDeps) {
  const { db, config } = deps;

  return {
    /** ADMIN_EMAILS accounts are admins; called at start so the flag in the database is the one truth. */
    async grantConfiguredAdmins(): Promise<void> {
      const emails = [...config.adminEmails];
      if (emails.length === 0) return;
      await db
        .update(users)
        .set({ isAdmin: true })
        .where(inArray(sql`lower(${users.email})`, emails));
    },

    /** True when an account has that address. */
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
