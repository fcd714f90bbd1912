import { createSession } from "@hyn/core";
import { userEmailPreferences, userLimits, users, type Database } from "@hyn/db";
import type { Harness } from "./harness";

/**
 * Signed-in accounts at once: the rows a verified sign-up leaves, written directly, and a session for
 * each, because hashing a password per user (argon2) would dominate the tests that need many (the
 * concurrency proofs, the REST sweeps). Their sessions go through the real session check.
 */
export async function quickAccounts(db: Database, now: Date, count: number, prefix = "quick") {
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}-${tag}-${i}@example.com`,
        passwordHash: "not-a-real-hash",
        name: `${prefix} ${i}`,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await db.insert(userLimits).values(rows.map((r) => ({ userId: r.id, createdAt: now, updatedAt: now })));
  await db.insert(userEmailPreferences).values(rows.map((r) => ({ userId: r.id, createdAt: now, updatedAt: now })));
  return Promise.all(
    rows.map(async (row) => {
      const { token } = await createSession(db, row.id, now);
      return { user: { id: row.id }, email: row.email, token };
    }),
  );
}

/** Many signed-in users at once for the concurrency proofs (quickAccounts), each with a caller acting as them. */
export async function quickNeighbours(h: Harness, count: number, prefix = "quick") {
  const accounts = await quickAccounts(h.db, h.clock.now(), count, prefix);
  return Promise.all(accounts.map(async (account) => ({ ...account, caller: await h.caller(account.token) })));
}
