import { authTokens, type Executor } from "@hyn/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { HOUR_MS } from "../shared/clock";
import { generateToken, hashToken } from "../shared/tokens";

export type AuthTokenPurpose = "verify_email" | "reset_password";
/** Both links live 24 hours (the reset page's text says so; verification uses the same). */
export const AUTH_TOKEN_TTL_MS = AUTH_LINK_VALIDITY_HOURS * HOUR_MS;

export async function issueAuthToken(
  executor: Executor,
  userId: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<string> {
  const token = generateToken();
  await executor.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + AUTH_TOKEN_TTL_MS),
    createdAt: now,
  });
  return token;
}

/**
 * What a link's token is now: usable, already used (its page says so, rather than calling it invalid), or
 * anything else (expired, another purpose's, or never issued).
 */
export async function authTokenState(
  executor: Executor,
  token: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<"valid" | "used" | "invalid"> {
  const [row] = await executor
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)));
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  return row.expiresAt > now ? "valid" : "invalid";
}

/**
 * Consumes a token atomically: of two concurrent uses exactly one gets the user id back.
 */
export async function consumeAuthToken(
  executor: Executor,
  token: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await executor
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
