/**
 * Issue 27 §1 on PostgreSQL with a pool, so the calls really overlap: one group link shared by many,
 * approvals at the cap, and the live-link limit hold, counted under the group's lock.
 */
import { MAX_LIVE_GROUP_LINKS, messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, groupOfSize, memberCount, quickNeighbours, settle, tally, useHarness } from "./support";

const h = useHarness({ maxConnections: 20 });

/** A join through a link answers `pending` when it asked the owner: "pending", else "ok". */
const sentOrJoined = (answer: object) => ("pending" in answer && answer.pending ? "pending" : "ok");

describe("one group link, many people at once", () => {
  it("30 parallel joins through one link into a group of 15: it ends at exactly 20, the other 25 are told the group is full", async () => {
    const owner = await h.signUpUser();
    const { group } = await groupOfSize(h, owner, 15);
    const { token } = await owner.caller.groupLinks.create({ groupId: group.id });
    const joiners = await quickNeighbours(h, 30);

    const outcomes = await Promise.all(
      joiners.map((j) => settle(j.caller.invitations.joinByToken({ token }), sentOrJoined)),
    );
    expect(tally(outcomes)).toEqual({ ok: 5, [messages.groupFull]: 25 });
    expect(await memberCount(h, group.id)).toBe(20);
  });

  it("parallel approvals into a group of 17 admit exactly 3; the others stay waiting", async () => {
    const owner = await h.signUpUser();
    const { group } = await groupOfSize(h, owner, 17);
    const { token } = await owner.caller.groupLinks.create({ groupId: group.id, approval: true });
    const askers = await quickNeighbours(h, 8);
    const asked = await Promise.all(
      askers.map((a) => settle(a.caller.invitations.joinByToken({ token }), sentOrJoined)),
    );
    expect(tally(asked)).toEqual({ pending: 8 });
    const requests = await owner.caller.groupLinks.joinRequests({ groupId: group.id });
    expect(requests).toHaveLength(8);

    const outcomes = await Promise.all(
      requests.map((r) => settle(owner.caller.groupLinks.approve({ groupId: group.id, joinRequestId: r.id }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 3, [messages.groupFull]: 5 });
    expect(await memberCount(h, group.id)).toBe(20);
    expect(await owner.caller.groupLinks.joinRequests({ groupId: group.id })).toHaveLength(5);
  });

  it(`parallel creations stop at ${MAX_LIVE_GROUP_LINKS} live links`, async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => settle(owner.caller.groupLinks.create({ groupId: group.id }))),
    );
    expect(tally(outcomes)).toEqual({ ok: MAX_LIVE_GROUP_LINKS, [messages.groupLinkLimit]: 12 - MAX_LIVE_GROUP_LINKS });
  });

  it("joins racing a revoke: whoever got in before it stays, nobody gets in after it", async () => {
    const owner = await h.signUpUser();
    const group = await createGroup(owner);
    const link = await owner.caller.groupLinks.create({ groupId: group.id });
    const joiners = await quickNeighbours(h, 10);
    const racing = joiners.map((j) => settle(j.caller.invitations.joinByToken({ token: link.token }), sentOrJoined));
    await owner.caller.groupLinks.revoke({ groupId: group.id, linkId: link.id });
    const outcomes = await Promise.all(racing);
    const admitted = outcomes.filter((o) => o === "ok").length;
    expect(admitted + (tally(outcomes)[messages.groupLinkInvalid] ?? 0)).toBe(10);
    expect(await memberCount(h, group.id)).toBe(1 + admitted);
    const late = await h.signUpUser();
    expect(await settle(late.caller.invitations.joinByToken({ token: link.token }), sentOrJoined)).toBe(
      messages.groupLinkInvalid,
    );
  });
});
