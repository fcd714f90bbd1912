import { DAY_MS } from "@hyn/core";
import { requests, userLimits } from "@hyn/db";
import { limitMessage, messages, overLimitMessage } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure, inviteAndJoin, createGroup } from "./support";

const h = useHarness({ config: { adminEmails: new Set(["admin@example.com"]) } });

/** Requests are another service's business; the counts only read the table, so rows are written directly. */
async function insertRequest(
  userId: string,
  groupId: string,
  status: "open" | "claimed" | "fulfilled",
  neededBy = h.inHours(24),
) {
  await h.db.insert(requests).values({ userId, groupId, itemDescription: "Milk", neededBy, status });
}

describe("limits and counts", () => {
  it("start at the spec's defaults (5 open requests, 3 groups created, 5 groups joined) with zero counts", async () => {
    const ann = await h.signUpUser();
    const limits = await ann.caller.limits.get();
    expect(limits).toEqual({
      userId: ann.user.id,
      maxOpenRequests: 5,
      maxGroupsCreated: 3,
      maxGroupsJoined: 5,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await ann.caller.limits.counts()).toEqual({
      openRequestsCount: 0,
      groupsCreatedCount: 0,
      groupsJoinedCount: 0,
    });
    expect(await ann.caller.limits.withCounts()).toEqual({
      limits,
      counts: { openRequestsCount: 0, groupsCreatedCount: 0, groupsJoinedCount: 0 },
    });
  });

  it("count groups created, groups joined (not owned) and open requests, in one statement", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const mine = await createGroup(ann, "Mine");
    await createGroup(ann, "Also mine");
    const theirs = await createGroup(bo, "Theirs");
    await inviteAndJoin(bo, ann, theirs.id);
    await insertRequest(ann.user.id, mine.id, "open");
    await insertRequest(ann.user.id, theirs.id, "open", new Date(h.clock.now().getTime() - DAY_MS));
    await insertRequest(ann.user.id, mine.id, "claimed");
    await insertRequest(ann.user.id, mine.id, "fulfilled");
    await insertRequest(bo.user.id, theirs.id, "open");

    const before = h.handle.statementCount();
    const { counts } = await ann.caller.limits.withCounts();
    expect(h.handle.statementCount() - before).toBeLessThanOrEqual(2);
    expect(counts).toEqual({ openRequestsCount: 2, groupsCreatedCount: 2, groupsJoinedCount: 1 });
    expect(await bo.caller.limits.counts()).toEqual({
      openRequestsCount: 1,
      groupsCreatedCount: 1,
      groupsJoinedCount: 0,
    });
  });

  it("need a session", async () => {
    const anon = await h.caller();
    for (const call of [
      anon.limits.get(),
      anon.limits.counts(),
      anon.limits.withCounts(),
      anon.limits.canCreateGroup(),
      anon.limits.canJoinGroup(),
      anon.limits.canCreateRequest(),
    ]) {
      expect(await failure(call)).toEqual({ code: "UNAUTHORIZED", message: messages.noAuthenticatedUser });
    }
  });

  it("answer 'User limits not found' for an account without a limits row", async () => {
    const ann = await h.signUpUser();
    await h.db.delete(userLimits).where(eq(userLimits.userId, ann.user.id));
    expect(await failure(ann.caller.limits.get())).toEqual({ code: "NOT_FOUND", message: messages.userLimitsNotFound });
    expect(await failure(ann.caller.limits.counts())).toEqual({
      code: "NOT_FOUND",
      message: messages.userCountsNotFound,
    });
    expect(await failure(ann.caller.groups.create({ name: "Any" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.userLimitsNotFound,
    });
  });
});

describe("can-create and can-join answers", () => {
  it("can create a group until the groups-created limit, with the limit message as the reason", async () => {
    const ann = await h.signUpUser();
    expect(await ann.caller.limits.canCreateGroup()).toEqual({ canCreate: true });
    for (const name of ["A", "B", "C"]) await createGroup(ann, name);
    expect(await ann.caller.limits.canCreateGroup()).toEqual({
      canCreate: false,
      reason: limitMessage("groups", 3, 3),
    });
  });

  it("can join a group until the groups-joined limit", async () => {
    const bo = await h.signUpUser();
    expect(await bo.caller.limits.canJoinGroup()).toEqual({ canJoin: true });
    const owners = [await h.signUpUser(), await h.signUpUser()];
    for (const [i, owner] of owners.entries()) {
      for (const name of ["A", "B", "C"].slice(0, i === 0 ? 3 : 2))
        await inviteAndJoin(owner, bo, (await createGroup(owner, name)).id);
    }
    expect(await bo.caller.limits.canJoinGroup()).toEqual({
      canJoin: false,
      reason: limitMessage("groups joined", 5, 5),
    });
    // Creating is a separate limit.
    expect(await bo.caller.limits.canCreateGroup()).toEqual({ canCreate: true });
  });

  it("can create a request with an open count below the maximum and at least one group", async () => {
    const ann = await h.signUpUser();
    expect(await ann.caller.limits.canCreateRequest()).toEqual({
      canCreate: false,
      reason: messages.requestNeedsGroup,
    });
    const bo = await h.signUpUser();
    const group = await createGroup(bo);
    await inviteAndJoin(bo, ann, group.id);
    expect(await ann.caller.limits.canCreateRequest()).toEqual({ canCreate: true });
    for (let i = 0; i < 4; i++) await insertRequest(ann.user.id, group.id, "open");
    await insertRequest(ann.user.id, group.id, "claimed");
    expect(await ann.caller.limits.canCreateRequest()).toEqual({ canCreate: true });
    await insertRequest(ann.user.id, group.id, "open");
    expect(await ann.caller.limits.canCreateRequest()).toEqual({
      canCreate: false,
      reason: limitMessage("open requests", 5, 5),
    });
    // An owner is a member of their own group.
    const cy = await h.signUpUser();
    await createGroup(cy);
    expect(await cy.caller.limits.canCreateRequest()).toEqual({ canCreate: true });
  });

  it("say plainly when a released claim takes the open requests above the limit (6 of 5)", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    const neededBy = h.inHours(48);
    const post = () => ann.caller.requests.create({ itemDescription: "Milk", groupId: group.id, neededBy });
    const first = await post();
    await bo.caller.requests.claim({ id: first.id });
    for (let i = 0; i < 5; i++) await post();
    await bo.caller.requests.unclaim({ id: first.id });

    expect((await ann.caller.limits.withCounts()).counts.openRequestsCount).toBe(6);
    expect(await ann.caller.limits.canCreateRequest()).toEqual({
      canCreate: false,
      reason: limitMessage("open requests", 5, 6),
      overLimit: overLimitMessage("open requests", 5, 6),
    });
    expect(overLimitMessage("open requests", 5, 6)).toBe(
      "6 of 5 open requests: over your limit, which happens when a request someone claimed is released and opens again. You can post a new request when fewer than 5 are open.",
    );
    expect((await failure(post())).message).toBe(limitMessage("open requests", 5, 6));
  });
});

describe("changing limits (PUT /user/limits)", () => {
  it("is for admins only", async () => {
    const ann = await h.signUpUser();
    expect(await failure(ann.caller.limits.update({ userId: ann.user.id, maxGroupsCreated: 100 }))).toEqual({
      code: "FORBIDDEN",
      message: messages.adminRequired,
    });
    expect((await ann.caller.limits.get()).maxGroupsCreated).toBe(3);
  });

  it("sets only the given limits, validates them, and the actions follow at once", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const ann = await h.signUpUser();
    h.clock.advance(60_000);
    const updated = await admin.caller.limits.update({ userId: ann.user.id, maxGroupsCreated: 1, maxOpenRequests: 2 });
    expect(updated).toMatchObject({ userId: ann.user.id, maxGroupsCreated: 1, maxOpenRequests: 2, maxGroupsJoined: 5 });
    expect(updated.updatedAt).toEqual(h.clock.now());
    await createGroup(ann, "Only one");
    expect(await failure(ann.caller.groups.create({ name: "Two" }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups", 1, 1),
    });

    expect(await failure(admin.caller.limits.update({ userId: ann.user.id, maxGroupsJoined: -1 }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await failure(admin.caller.limits.update({ userId: ann.user.id, maxGroupsJoined: 2.5 }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(
      await failure(admin.caller.limits.update({ userId: "00000000-0000-4000-8000-000000000000", maxGroupsJoined: 2 })),
    ).toEqual({
      code: "NOT_FOUND",
      message: messages.userLimitsNotFound,
    });
  });
});
