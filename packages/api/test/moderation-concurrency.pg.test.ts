/**
 * PRODUCT "Suspension" on PostgreSQL with a pool, so the calls really overlap: an admin suspends a
 * member while that member posts requests and offers to help with neighbours' ones. Whatever order the
 * database picks, nothing of theirs is left open, and nothing is left claimed by them (ADR 0024).
 */
import { rowsOf, userLimits, users } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

const h = useHarness({ maxConnections: 20 });

const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
  );

async function leftActing(userId: string) {
  const [row] = rowsOf<{ open: number; claimed: number }>(
    await h.db.execute(sql`
    select
      (select count(*)::int from requests where user_id = ${userId} and status = 'open') as open,
      (select count(*)::int from requests where claimed_by = ${userId} and status = 'claimed') as claimed`),
  );
  return row!;
}

describe("a suspension with the suspended person's posts and claims in flight", () => {
  it("leaves nothing of theirs open and nothing claimed by them, in every round", async () => {
    const rounds = 8;
    const [admin, asker, ...suspects] = await quickNeighbours(h, rounds + 2, "suspension-race");
    await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin!.user.id));
    const moderator = await h.caller(admin!.token);
    await h.db.update(userLimits).set({ maxOpenRequests: 100, maxGroupsJoined: 100, maxGroupsCreated: 100 });
    for (let round = 0; round < rounds; round++) {
      const suspect = suspects[round]!;
      const group = await groupWith(h, asker!, [suspect], `Race ${round}`);
      const wanted = await Promise.all(
        ["Milk", "Eggs", "Bread"].map((item) =>
          asker!.caller.requests.create({ groupId: group.id, itemDescription: item, neededBy: h.inHours(24) }),
        ),
      );
      await suspect.caller.requests.create({ groupId: group.id, itemDescription: "Tea", neededBy: h.inHours(24) });
      await suspect.caller.requests.claim({ id: wanted[0]!.id });

      const results = await Promise.all([
        settle(moderator.admin.suspendUser({ id: suspect.user.id, reason: `Round ${round}` })),
        settle(suspect.caller.requests.create({ groupId: group.id, itemDescription: "Jam", neededBy: h.inHours(24) })),
        settle(suspect.caller.requests.claim({ id: wanted[1]!.id })),
        settle(suspect.caller.requests.create({ groupId: group.id, itemDescription: "Rice", neededBy: h.inHours(24) })),
        settle(suspect.caller.requests.claim({ id: wanted[2]!.id })),
      ]);
      expect(results[0], "the suspension itself").toBe("ok");
      expect(await leftActing(suspect.user.id), `round ${round}: ${results.join(",")}`).toEqual({
        open: 0,
        claimed: 0,
      });
    }
  }, 120_000);
});
