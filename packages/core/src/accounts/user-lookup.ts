import { users, type Executor } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { userColumns } from "./user-view";

/** The account with this id, as its owner sees it; "User not found" when there is none. */
export async function loadUser(executor: Executor, id: string) {
  const [row] = await executor.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError("NOT_FOUND", "userNotFound");
  return row;
}

/** The account with this address (any letter case), with its password hash, or null. */
export async function findUserByEmail(executor: Executor, email: string) {
  const [row] = await executor
    .select({ ...userColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** A link into the app's auth callback carrying a one-time token of the given type. */
export function authCallbackLink(appUrl: string, token: string, type: "signup" | "recovery"): string {
  return `${appUrl}/auth/callback?token_hash=${encodeURIComponent(token)}&type=${type}`;
}
