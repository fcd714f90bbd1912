/**
 * Concurrency proofs on PostgreSQL with a pool, so the calls really overlap: the limits
 * hold because they are counted under row locks in the same transaction as the change.
 */
import { DAY_MS, generateToken, hashToken } from "@hyn/core";
import { invites } from "@hyn/db";
import { limitMessage, messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import {
  createGroup,
  groupOfSize,
  inviteAndJoin,
  memberCount,
  quickNeighbours,
  settle,
  tally,
  useHarness,
} from "./support";

const h = useHarness({ maxConnections: 20 });

/**
 * Invitation rows written directly: the rule under test is joining, and an owner may only have 10
 * pending invitations at once, fewer than these tests need.
 */
async function issueInvitations(groupId: string, invitedBy: string, emails: string[]) {
  const now = h.clock.now();
  const tokens = emails.map(() => generateToken());
  await h.db.insert(invites).values(
    emails.map((email, i) => ({
      groupId,
      email,
      tokenHash: hashToken(tokens[i]!),
      expiresAt: new Date(now.getTime() + 7 * DAY_MS),
      invitedBy,
      createdAt: now,
    })),
  );
  return tokens;
}

describe("concurrent joins", () => {
  it("30 parallel joins into a group of 19 admit exactly one", async () => {
    const owner = await h.signUpUser();
    const { group } = await groupOfSize(h, owner, 19);
    const joiners = await quickNeighbours(h, 30);
    const tokens = await issueInvitations(
      group.id,
      owner.user.id,
      joiners.map((j) => j.email),
    );

    const outcomes = await Promise.all(
      joiners.map((j, i) => settle(j.caller.invitations.joinByToken({ token: tokens[i]! }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, [messages.groupFull]: 29 });
    expect(await memberCount(h, group.id)).toBe(20);
  });

  it("parallel accepts into different groups stop at the groups-joined limit", async () => {
    const joiner = await h.signUpUser();
    const owners = await quickNeighbours(h, 3);
    const groupIds = [];
    for (const owner of owners)
      for (const name of ["A", "B", "C"]) groupIds.push({ owner, id: (await createGroup(owner, name)).id });
    // Already in 3 groups; 6 parallel accepts may admit exactly 2 more (limit 5).
    for (const { owner, id } of groupIds.slice(0, 3)) await inviteAndJoin(owner, joiner, id);
    const rest = groupIds.slice(3);
    for (const { owner, id } of rest) await owner.caller.invitations.create({ groupId: id, email: joiner.email });
    const incoming = await joiner.caller.invitations.pending();
    expect(incoming).toHaveLength(6);

    const outcomes = await Promise.all(incoming.map((i) => settle(joiner.caller.invitations.accept({ id: i.id }))));
    expect(tally(outcomes)).toEqual({ ok: 2, [limitMessage("groups joined", 5, 5)]: 4 });
    expect(await joiner.caller.limits.counts()).toMatchObject({ groupsJoinedCount: 5 });
  });
});

describe("concurrent group creation", () => {
  it("parallel creations at the limit admit exactly up to the limit", async () => {
    const ann = await h.signUpUser();
    await createGroup(ann, "Existing");
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => settle(ann.caller.groups.create({ name: `Group ${i}` }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 2, [limitMessage("groups", 3, 3)]: 6 });
    expect(await ann.caller.groups.list()).toHaveLength(3);
  });
});

describe("an invitation is used at most once", () => {
  it("under parallel accepts by its addressee", async () => {
    const owner = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(owner);
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: bo.email });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => settle(bo.caller.invitations.accept({ id: invite.id }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, [messages.invitationUsed]: 9 });
    expect(await memberCount(h, group.id)).toBe(2);
  });

  it("under parallel joins by token: the invited account joins once, other holders of the link never", async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    const invited = await h.signUpUser();
    const { token } = await owner.caller.invitations.create({ groupId: group.id, email: invited.email });
    const holders = await quickNeighbours(h, 5);
    const outcomes = await Promise.all([
      ...Array.from({ length: 5 }, () => settle(invited.caller.invitations.joinByToken({ token }))),
      ...holders.map((holder) => settle(holder.caller.invitations.joinByToken({ token }))),
    ]);
    const tallied = tally(outcomes);
    expect(tallied.ok).toBe(1);
    // Another holder hears "not for you" while the link is unused, "invalid" once it is used.
    const notForThem = tallied[messages.invitationNotForYou] ?? 0;
    expect(notForThem).toBeLessThanOrEqual(5);
    expect((tallied[messages.invalidOrExpiredInviteToken] ?? 0) + notForThem).toBe(9);
    expect(await memberCount(h, group.id)).toBe(2);
  });

  it("under an accept racing a decline and a cancel", async () => {
    const owner = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(owner);
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: bo.email });
    const outcomes = await Promise.all([
      settle(bo.caller.invitations.accept({ id: invite.id })),
      settle(bo.caller.invitations.decline({ id: invite.id })),
      settle(owner.caller.invitations.cancel({ id: invite.id })),
    ]);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    const joined = (await memberCount(h, group.id)) === 2;
    expect(joined).toBe(outcomes[0] === "ok");
  });
});

describe("concurrent invitations", () => {
  it("parallel invitations stop at 10 pending per inviter", async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    for (let i = 0; i < 7; i++)
      await owner.caller.invitations.create({ groupId: group.id, email: `early${i}@example.com` });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settle(owner.caller.invitations.create({ groupId: group.id, email: `late${i}@example.com` })),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 3, [messages.invitationLimit]: 5 });
    expect(await owner.caller.invitations.count()).toEqual({ current: 10, max: 10 });
  });

  it("parallel invitations to one address for one group create exactly one", async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        settle(owner.caller.invitations.create({ groupId: group.id, email: "same@example.com" })),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok")).toEqual(
      Array(5).fill("An invitation to this email is already pending for this group. It expires in 7 days."),
    );
  });
});

describe("leaving while others join", () => {
  it("an owner deleting the group by leaving never leaves a member behind in a deleted group", async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    const joiners = await quickNeighbours(h, 5);
    const tokens = await issueInvitations(
      group.id,
      owner.user.id,
      joiners.map((j) => j.email),
    );
    const outcomes = await Promise.all([
      settle(owner.caller.groups.leave({ groupId: group.id })),
      ...joiners.map((j, i) => settle(j.caller.invitations.joinByToken({ token: tokens[i]! }))),
    ]);
    const members = await memberCount(h, group.id);
    if (outcomes[0] === "ok") {
      // The owner went first: the group and its invitations are gone, and nobody joined it.
      expect(members).toBe(0);
      expect(
        outcomes.slice(1).every((o) => o === messages.invalidOrExpiredInviteToken || o === messages.groupNotFound),
      ).toBe(true);
    } else {
      // Someone joined first: the owner had to stay.
      expect(outcomes[0]).toBe(messages.ownerCannotLeave);
      expect(members).toBe(1 + outcomes.slice(1).filter((o) => o === "ok").length);
    }
  });
});
