import { groups, invites } from "@hyn/db";
import { limitMessage, messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure, inviteAndJoin, createGroup, groupOfSize } from "./support";

const h = useHarness();

describe("creating a group", () => {
  it("trims the name, strips markup, and makes the creator the owner and first member", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const group = await ann.caller.groups.create({ name: "  <b>Maple</b>   Street <script>x</script> " });
    expect(group).toMatchObject({ name: "Maple Street x", createdBy: ann.user.id, memberCount: 1 });
    expect(group.createdAt).toEqual(h.clock.now());
    expect(group.joinedAt).toEqual(h.clock.now());
    expect(await ann.caller.groups.list()).toEqual([group]);
    const members = await ann.caller.groups.members({ groupId: group.id });
    expect(members).toEqual([
      {
        id: ann.user.id,
        name: "Ann",
        email: ann.email,
        generalArea: null,
        joinedAt: group.joinedAt,
        activity: "week",
        quietSinceDays: null,
      },
    ]);
  });

  it("gives the spec's messages for an empty name and a name that is only markup", async () => {
    const ann = await h.signUpUser();
    expect(await failure(ann.caller.groups.create({ name: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupNameRequired,
    });
    expect(await failure(ann.caller.groups.create({ name: "" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupNameRequired,
    });
    expect(await failure(ann.caller.groups.create({} as never))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupNameRequired,
    });
    expect(await failure(ann.caller.groups.create({ name: " <b></b> <i> " }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupNameInvalid,
    });
    expect(await ann.caller.groups.list()).toEqual([]);
  });

  it("refuses a fourth group with the spec's limit message, and allows it once an admin raises the limit", async () => {
    await h.restart({ config: { adminEmails: new Set(["admin@example.com"]) } });
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const ann = await h.signUpUser();
    for (const name of ["One", "Two", "Three"]) await ann.caller.groups.create({ name });
    expect(await failure(ann.caller.groups.create({ name: "Four" }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups", 3, 3),
    });
    expect(await ann.caller.groups.list()).toHaveLength(3);

    await admin.caller.limits.update({ userId: ann.user.id, maxGroupsCreated: 4 });
    await ann.caller.groups.create({ name: "Four" });
    expect(await failure(ann.caller.groups.create({ name: "Five" }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups", 4, 4),
    });
  });

  it("needs a session", async () => {
    const anon = await h.caller();
    expect(await failure(anon.groups.create({ name: "Nope" }))).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });
    expect(await failure(anon.groups.list())).toEqual({ code: "UNAUTHORIZED", message: messages.noAuthenticatedUser });
  });
});

describe("listing groups", () => {
  it("lists only the caller's groups, oldest membership first, with member count and joined date", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const maple = await createGroup(ann, "Maple");
    h.clock.advance(60_000);
    const oak = await createGroup(bo, "Oak");
    await createGroup(cy, "Cy's own");
    h.clock.advance(60_000);
    await inviteAndJoin(bo, ann, oak.id);
    await inviteAndJoin(ann, cy, maple.id);

    const list = await ann.caller.groups.list();
    expect(list.map((g) => [g.name, g.memberCount, g.createdBy])).toEqual([
      ["Maple", 2, ann.user.id],
      ["Oak", 2, bo.user.id],
    ]);
    expect(list[1]!.joinedAt).toEqual(h.clock.now());
    expect(list[1]!.createdAt).toEqual(oak.createdAt);
    expect((await bo.caller.groups.list()).map((g) => g.name)).toEqual(["Oak"]);
  });

  it("lists groups in one statement however many there are", async () => {
    const ann = await h.signUpUser();
    const owners = [await h.signUpUser(), await h.signUpUser()];
    for (const owner of owners)
      for (const name of ["A", "B"]) await inviteAndJoin(owner, ann, (await createGroup(owner, name)).id);
    const before = h.handle.statementCount();
    const list = await ann.caller.groups.list();
    expect(list).toHaveLength(4);
    // One for the session, one for the list.
    expect(h.handle.statementCount() - before).toBeLessThanOrEqual(2);
  });
});

describe("members", () => {
  it("are visible only to members of the group, with id, name, email and generalArea", async () => {
    const [ann, bo, eve] = await h.neighbours("Ann", "Bo", "Eve");
    await bo.caller.user.updateProfile({ name: "Bo", phone: "+1 555 123 4567", generalArea: "Elm Street" });
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);

    const seenByBo = await bo.caller.groups.members({ groupId: group.id });
    expect(seenByBo.map((m) => Object.keys(m).sort())).toEqual([
      ["activity", "email", "generalArea", "id", "joinedAt", "name", "quietSinceDays"],
      ["activity", "email", "generalArea", "id", "joinedAt", "name", "quietSinceDays"],
    ]);
    expect(seenByBo.map((m) => [m.name, m.email, m.generalArea])).toEqual([
      ["Ann", ann.email, null],
      ["Bo", bo.email, "Elm Street"],
    ]);
    expect(await failure(eve.caller.groups.members({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect(await failure(eve.caller.groups.members({ groupId: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });
    expect(await failure(eve.caller.groups.members({ groupId: "not-a-uuid" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupNotFound,
    });
  });

  it("sharing a group makes people visible to each other, and leaving ends it", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    expect(await failure(ann.caller.user.byId({ id: bo.user.id }))).toMatchObject({ message: messages.userNotFound });
    await inviteAndJoin(ann, bo, group.id);
    expect((await ann.caller.user.byId({ id: bo.user.id })).email).toBe(bo.email);
    await bo.caller.groups.leave({ groupId: group.id });
    expect(await failure(ann.caller.user.byId({ id: bo.user.id }))).toMatchObject({ message: messages.userNotFound });
  });
});

describe("removing a member", () => {
  it("is for the owner only, never of themself, and only of a member", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const eve = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    await inviteAndJoin(ann, cy, group.id);

    expect(await failure(bo.caller.groups.removeMember({ groupId: group.id, userId: cy.user.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyOwnersRemove,
    });
    expect(await failure(ann.caller.groups.removeMember({ groupId: group.id, userId: ann.user.id }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.useLeaveGroup,
    });
    expect(await failure(ann.caller.groups.removeMember({ groupId: group.id, userId: eve.user.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.userNotMember,
    });
    expect(
      await failure(
        ann.caller.groups.removeMember({ groupId: "00000000-0000-4000-8000-000000000000", userId: bo.user.id }),
      ),
    ).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });

    expect(await ann.caller.groups.removeMember({ groupId: group.id, userId: bo.user.id })).toEqual({ ok: true });
    expect((await ann.caller.groups.members({ groupId: group.id })).map((m) => m.id)).toEqual([
      ann.user.id,
      cy.user.id,
    ]);
    expect(await bo.caller.groups.list()).toEqual([]);
    expect(await failure(bo.caller.groups.members({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
  });
});

describe("leaving a group", () => {
  it("a member leaves; the group stays", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await bo.caller.groups.leave({ groupId: group.id })).toEqual({ groupDeleted: false });
    expect(await bo.caller.groups.list()).toEqual([]);
    expect((await ann.caller.groups.list())[0]!.memberCount).toBe(1);
    expect(await failure(bo.caller.groups.leave({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
  });

  it("the owner cannot leave while others remain", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await failure(ann.caller.groups.leave({ groupId: group.id }))).toEqual({
      code: "CONFLICT",
      message: messages.ownerCannotLeave,
    });
    expect((await ann.caller.groups.list())[0]!.memberCount).toBe(2);
  });

  it("the owner leaving as the last member deletes the group and its invitations", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    await ann.caller.invitations.create({ groupId: group.id, email: "later@example.com" });
    expect(await ann.caller.groups.leave({ groupId: group.id })).toEqual({ groupDeleted: true });
    expect(await ann.caller.groups.list()).toEqual([]);
    expect(await h.db.select().from(groups).where(eq(groups.id, group.id))).toEqual([]);
    expect(await h.db.select().from(invites).where(eq(invites.groupId, group.id))).toEqual([]);
    expect(await failure(ann.caller.groups.leave({ groupId: group.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });
    // The deleted group no longer counts against the limit.
    expect((await ann.caller.limits.counts()).groupsCreatedCount).toBe(0);
  });
});

describe("transferring ownership", () => {
  it("lets the owner hand the group to a member and then leave", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);

    expect(await failure(bo.caller.groups.transferOwnership({ groupId: group.id, userId: bo.user.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyOwnersTransfer,
    });
    expect(await failure(ann.caller.groups.transferOwnership({ groupId: group.id, userId: cy.user.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.userNotMember,
    });
    expect(await failure(ann.caller.groups.transferOwnership({ groupId: group.id, userId: ann.user.id }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.alreadyOwner,
    });

    const transferred = await ann.caller.groups.transferOwnership({ groupId: group.id, userId: bo.user.id });
    expect(transferred).toMatchObject({ id: group.id, createdBy: bo.user.id, memberCount: 2 });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: cy.email }))).toMatchObject({
      message: messages.onlyCreatorsInvite,
    });
    expect(await failure(ann.caller.groups.removeMember({ groupId: group.id, userId: bo.user.id }))).toMatchObject({
      message: messages.onlyOwnersRemove,
    });
    await inviteAndJoin(bo, cy, group.id);
    expect(await ann.caller.groups.leave({ groupId: group.id })).toEqual({ groupDeleted: false });
    expect((await bo.caller.groups.members({ groupId: group.id })).map((m) => m.id)).toEqual([bo.user.id, cy.user.id]);
    // The counts follow the owner.
    expect(await bo.caller.limits.counts()).toMatchObject({ groupsCreatedCount: 1, groupsJoinedCount: 0 });
  });
});

describe("a full group", () => {
  it("holds at most 20 members, the owner included", async () => {
    const ann = await h.signUpUser();
    const { group } = await groupOfSize(h, ann, 19);
    const twentieth = await h.signUpUser();
    const twentyFirst = await h.signUpUser();
    const late = await ann.caller.invitations.create({ groupId: group.id, email: twentyFirst.email });
    await inviteAndJoin(ann, twentieth, group.id);
    expect((await ann.caller.groups.list())[0]!.memberCount).toBe(20);

    expect(await failure(twentyFirst.caller.invitations.joinByToken({ token: late.token }))).toEqual({
      code: "CONFLICT",
      message: messages.groupFull,
    });
    const [incoming] = await twentyFirst.caller.invitations.pending();
    expect(await failure(twentyFirst.caller.invitations.accept({ id: incoming!.id }))).toEqual({
      code: "CONFLICT",
      message: messages.groupFull,
    });
    // Refused joins do not use the invitation.
    expect(await twentyFirst.caller.invitations.pending()).toHaveLength(1);

    await ann.caller.groups.removeMember({ groupId: group.id, userId: twentieth.user.id });
    expect((await twentyFirst.caller.invitations.accept({ id: incoming!.id })).memberCount).toBe(20);
  });
});
