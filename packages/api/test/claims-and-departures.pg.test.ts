/**
 * Issue 13: a claim never outlives the claimer's membership. Claims race the claimer's departure on a
 * pool of connections, round after round; afterwards no request may be claimed by someone who is not
 * a member of its group (such a request would be stuck: the owner cannot get it back, nobody else can
 * claim it, and the former member cannot even see it).
 */
import { groupMembers, requests } from "@hyn/db";
import { TRPCError } from "@trpc/server";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, groupWith, quickNeighbours, type Caller } from "./support";

const h = useHarness({ maxConnections: 20 });

const ROUNDS = 12;
const CLAIMS_PER_ROUND = 5;

interface Someone {
  user: { id: string };
  caller: Caller;
}

/** A group of the owner and the helper, with requests of the owner's the helper is about to claim. */
async function street(owner: Someone, helper: Someone) {
  const group = await groupWith(h, owner, [helper]);
  const neededBy = h.inHours(24);
  const posted = await h.db
    .insert(requests)
    .values(
      Array.from({ length: CLAIMS_PER_ROUND }, (_, i) => ({
        userId: owner.user.id,
        groupId: group.id,
        itemDescription: `Item ${i}`,
        neededBy,
      })),
    )
    .returning({ id: requests.id });
  return { groupId: group.id, requestIds: posted.map((r) => r.id) };
}

/** Claimed requests whose claimer is not (or no longer) a member of the request's group. */
async function orphanedClaims(): Promise<number> {
  // Outer columns written out: unqualified, "group_id" inside the subquery would mean the member's.
  const [row] = await h.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(
      and(
        eq(requests.status, "claimed"),
        or(
          isNull(requests.claimedBy),
          sql`not exists (select 1 from ${groupMembers} gm where gm.group_id = "requests"."group_id" and gm.user_id = "requests"."claimed_by")`,
        ),
      ),
    );
  return row!.n;
}

/**
 * Runs the calls at once. Refusals are expected (the race is in which one goes first) but must be ones
 * a person can read: a deadlock or another server error fails the test.
 */
async function race(calls: Promise<unknown>[]): Promise<void> {
  const outcomes = await Promise.allSettled(calls);
  for (const refusal of outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []))) {
    expect(refusal).toBeInstanceOf(TRPCError);
    expect((refusal as TRPCError).code).not.toBe("INTERNAL_SERVER_ERROR");
  }
}

describe("claims racing the claimer's departure (PostgreSQL)", () => {
  it("parallel claims and leaving the group leave no claim behind, round after round", async () => {
    const [owner, ...helpers] = await quickNeighbours(h, ROUNDS + 1);
    for (const helper of helpers) {
      const { groupId, requestIds } = await street(owner!, helper);
      await race([
        ...requestIds.map((id) => helper.caller.requests.claim({ id })),
        helper.caller.groups.leave({ groupId }),
      ]);
    }
    expect(await orphanedClaims()).toBe(0);
  });

  it("parallel claims and being removed by the owner leave no claim behind, round after round", async () => {
    const [owner, ...helpers] = await quickNeighbours(h, ROUNDS + 1);
    for (const helper of helpers) {
      const { groupId, requestIds } = await street(owner!, helper);
      await race([
        ...requestIds.map((id) => helper.caller.requests.claim({ id })),
        owner!.caller.groups.removeMember({ groupId, userId: helper.user.id }),
      ]);
    }
    expect(await orphanedClaims()).toBe(0);
  });

  it("parallel claims and deleting the account leave no claim behind, round after round", async () => {
    const [owner] = await quickNeighbours(h, 1);
    for (let round = 0; round < ROUNDS; round++) {
      // Deleting an account checks the password again, so these helpers have real ones.
      const helper = await h.signUpUser();
      const { requestIds } = await street(owner!, helper);
      await race([
        ...requestIds.map((id) => helper.caller.requests.claim({ id })),
        helper.caller.user.deleteAccount({ password: helper.password }),
      ]);
    }
    expect(await orphanedClaims()).toBe(0);
  });
});
