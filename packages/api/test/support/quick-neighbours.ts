import { createSession } from "@hyn/core";
import { userEmailPreferences, userLimits, users } from "@hyn/db";
import type { Harness } from "./harness";

/**
 * Many signed-in users at once for the concurrency proofs: the rows a verified sign-up leaves, written
 * directly, because hashing a password per user (argon2) would dominate those tests. The callers go
 * through the real session check.
 */
export async function quickNeighbours(h: Harness, count: number, prefix = "quick") {
  const now = h.clock.now();
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await h.db
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
  await h.db.insert(userLimits).values(rows.map((r) => ({ userId: r.id, createdAt: now, updatedAt: now })));
  await h.db.insert(userEmailPreferences).values(rows.map((r) => ({ userId: r.id, createdAt: now, updatedAt: now })));
  return Promise.all(
    rows.map(async (row) => {
      const { token } = await createSession(h.db, row.id, now);
      return { user: { id: row.id }, email: row.email, token, caller: await h.caller(token) };
    }),
  );
}
