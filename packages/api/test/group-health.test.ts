import { DAY_MS } from "@hyn/core";
import { groupMembers, requests, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness } from "./support";

/** Issue 41 §4: GET /groups/{id}/health, the owner's view of their group's last 30 days. */
const h = useHarness({ startsAt: new Date("2026-06-30T12:00:00Z") });

const daysAgo = (days: number) => new Date(h.clock.now().getTime() - days * DAY_MS);

async function street() {
  const [ann, bo, cy, dee, olga] = await h.neighbours("Ann", "Bo", "Cy", "Dee", "Olga");
  const group = await groupWith(h, ann, [bo, cy, dee], "Elm Street");
  return { ann, bo, cy, dee, olga, group };
}

describe("a group's health", () => {
  it("tells its owner the month's numbers on a seeded month", async () => {
    const { ann, bo, cy, dee, group } = await street();
    // Everyone joined two months ago; Dee has not come back for 40 days, Cy visited yesterday.
    await h.db
      .update(groupMembers)
      .set({ joinedAt: daysAgo(60) })
      .where(eq(groupMembers.groupId, group.id));
    await h.db
      .update(users)
      .set({ lastActiveAt: daysAgo(40) })
      .where(eq(users.id, dee.user.id));
    await h.db
      .update(users)
      .set({ lastActiveAt: daysAgo(1) })
      .where(eq(users.id, cy.user.id));
    const post = (days: number, over: Partial<typeof requests.$inferInsert> = {}) => ({
      userId: ann.user.id,
      groupId: group.id,
      itemDescription: "Milk",
      createdAt: daysAgo(days),
      neededBy: new Date(daysAgo(days).getTime() + DAY_MS),
      ...over,
    });
    const after = (days: number, minutes: number) => new Date(daysAgo(days).getTime() + minutes * 60_000);
    await h.db.insert(requests).values([
      post(1, { status: "fulfilled", claimedBy: bo.user.id, claimedAt: after(1, 20), firstOfferedAt: after(1, 20) }),
      post(9, { status: "claimed", claimedBy: cy.user.id, claimedAt: after(9, 60), firstOfferedAt: after(9, 60) }),
      post(15, {
        status: "fulfilled",
        claimedBy: bo.user.id,
        claimedAt: after(15, 180),
        firstOfferedAt: after(15, 180),
      }),
      // Nobody ever offered for it.
      post(20),
      // Before the month: on the sparkline only.
      post(45, { status: "fulfilled", claimedBy: cy.user.id, firstOfferedAt: after(45, 1) }),
    ]);

    const health = await ann.caller.groups.health({ groupId: group.id });
    expect(health).toMatchObject({
      requests: 4,
      fulfilled: 2,
      fulfilledShare: 0.5,
      medianMinutesToFirstOffer: 60,
      unoffered: 1,
      helpers: 2,
      // Ann (signed in now, as the harness stamps), Bo (signed up now) and Cy.
      activeMembers: 3,
      quietMembers: [{ userId: dee.user.id, name: "Dee", quietSinceDays: 40 }],
    });
    expect(health.weeklyRequests).toHaveLength(8);
    expect(health.weeklyRequests.map((w) => w.requests)).toEqual([0, 1, 0, 0, 0, 2, 1, 1]);
  });

  it("answers a group with no requests with zeros and nothing to divide", async () => {
    const { ann, group } = await street();
    expect(await ann.caller.groups.health({ groupId: group.id })).toMatchObject({
      requests: 0,
      fulfilled: 0,
      fulfilledShare: null,
      medianMinutesToFirstOffer: null,
      unoffered: 0,
      helpers: 0,
      quietMembers: [],
    });
  });

  it("is the owner's only: a member is refused, someone outside too, and a group that is not there is not found", async () => {
    const { bo, olga, group } = await street();
    expect(await failure(bo.caller.groups.health({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyOwnersSeeHealth,
    });
    expect(await failure(olga.caller.groups.health({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect(await failure(olga.caller.groups.health({ groupId: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });
    expect(await failure((await h.caller()).groups.health({ groupId: group.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("reads in two statements however many requests and members the group has", async () => {
    const { ann, bo, group } = await street();
    const statements = async () => {
      const before = h.handle.statementCount();
      await ann.caller.groups.health({ groupId: group.id });
      return h.handle.statementCount() - before;
    };
    const few = await statements();
    for (const who of await h.neighbours("Eve", "Fay", "Gil")) {
      await h.db.insert(groupMembers).values({ groupId: group.id, userId: who.user.id, joinedAt: daysAgo(50) });
    }
    for (let i = 0; i < 12; i++) {
      await h.db.insert(requests).values({
        userId: bo.user.id,
        groupId: group.id,
        itemDescription: `Item ${i}`,
        createdAt: daysAgo(i * 3),
        neededBy: daysAgo(i * 3 - 1),
      });
    }
    expect(await statements()).toBe(few);
    expect(few).toBeLessThanOrEqual(2);
  });
});
