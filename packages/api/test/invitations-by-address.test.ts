import { DAY_MS } from "@hyn/core";
import { messages, pendingInviteExistsMessage, splitAddresses } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, failure, inviteAndJoin, useHarness } from "./support";

const h = useHarness();

describe("an e-mail invitation is for its address (issue 27)", () => {
  it("refuses another account with 403 and stays pending for the address it was sent to", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const eve = await h.signUpUser({ name: "Eve" });
    const group = await createGroup(ann, "Maple");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });

    expect(await failure(eve.caller.invitations.joinByToken({ token: invite.token }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });
    // Nothing was used: the link still names the group and its address, the sender still sees it pending.
    expect(await eve.caller.invitations.validate({ token: invite.token })).toMatchObject({
      alreadyMember: false,
      invitedEmail: "bo@example.com",
    });
    expect((await ann.caller.invitations.outgoing()).map((i) => i.outcome)).toEqual(["pending"]);
    expect(await eve.caller.groups.list()).toEqual([]);

    const bo = await h.signUpUser({ email: "BO@example.com" });
    expect(await bo.caller.invitations.joinByToken({ token: invite.token })).toMatchObject({ id: group.id });
  });
});

describe("inviting several addresses at once", () => {
  it("splits what was pasted on commas, spaces and line breaks, each address once", () => {
    expect(splitAddresses(" a@example.com,b@example.com\n\nC@Example.com; a@example.com\td@example.com ")).toEqual([
      "a@example.com",
      "b@example.com",
      "c@example.com",
      "d@example.com",
    ]);
    expect(splitAddresses(" ,\n ")).toEqual([]);
  });

  it("checks and reports each address on its own: sent, already a member, already invited, not an address", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const bo = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    await inviteAndJoin(ann, bo, group.id);
    await ann.caller.invitations.create({ groupId: group.id, email: "waiting@example.com" });

    const { results } = await ann.caller.invitations.createMany({
      groupId: group.id,
      emails: [
        "one@example.com",
        bo.email.toUpperCase(),
        "waiting@example.com",
        "not-an-address",
        "Two@Example.com",
        "one@example.com",
      ],
    });
    expect(results.map(({ email, sent, refusal }) => ({ email, sent, refusal }))).toEqual([
      { email: "one@example.com", sent: true, refusal: null },
      { email: bo.email, sent: false, refusal: { key: "userAlreadyMember" } },
      { email: "waiting@example.com", sent: false, refusal: { key: "pendingInviteExists", values: { daysLeft: 7 } } },
      { email: "not-an-address", sent: false, refusal: { key: "invalidEmailFormat" } },
      { email: "two@example.com", sent: true, refusal: null },
    ]);
    expect(pendingInviteExistsMessage(7)).toContain("already pending");
    await h.deliver();
    expect(h.inbox("one@example.com")).toHaveLength(1);
    expect(h.inbox("two@example.com")).toHaveLength(1);
    expect((await ann.caller.invitations.outgoing()).filter((i) => i.outcome === "pending")).toHaveLength(3);
  });

  it("counts each address against the 10 pending invitations", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    for (let i = 0; i < 8; i++) await ann.caller.invitations.create({ groupId: group.id, email: `p${i}@example.com` });
    const { results } = await ann.caller.invitations.createMany({
      groupId: group.id,
      emails: ["a@example.com", "b@example.com", "c@example.com", "d@example.com"],
    });
    expect(results.map((r) => (r.sent ? "sent" : r.refusal!.key))).toEqual([
      "sent",
      "sent",
      "invitationLimit",
      "invitationLimit",
    ]);
    expect(await ann.caller.invitations.count()).toEqual({ current: 10, max: 10 });
  });

  it("is the owner's only, and needs one address and at most 20", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await failure(bo.caller.invitations.createMany({ groupId: group.id, emails: ["x@example.com"] }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCreatorsInvite,
    });
    expect(await failure(ann.caller.invitations.createMany({ groupId: group.id, emails: [] }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.inviteEmailsRequired,
    });
    const many = Array.from({ length: 21 }, (_, i) => `m${i}@example.com`);
    expect(await failure(ann.caller.invitations.createMany({ groupId: group.id, emails: many }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.tooManyInviteAddresses,
    });
    expect(await ann.caller.invitations.count()).toEqual({ current: 0, max: 10 });
  });
});

describe("the sent list keeps used invitations for 7 days", () => {
  it("as accepted by whom, or declined, then they leave it", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const bo = await h.signUpUser({ name: "Bo Berg" });
    const cy = await h.signUpUser({ name: "Cy" });
    const group = await createGroup(ann, "Maple");
    const toBo = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    h.clock.advance(60_000);
    const toCy = await ann.caller.invitations.create({ groupId: group.id, email: cy.email });
    await bo.caller.invitations.joinByToken({ token: toBo.token });
    h.clock.advance(DAY_MS);
    await cy.caller.invitations.decline({ id: toCy.id });
    const declinedAt = h.clock.now();

    const answers = (list: Awaited<ReturnType<typeof ann.caller.invitations.outgoing>>) =>
      list.map(({ id, outcome, usedByName, usedAt }) => ({ id, outcome, usedByName, usedAt }));
    expect(answers(await ann.caller.invitations.outgoing())).toEqual([
      { id: toCy.id, outcome: "declined", usedByName: null, usedAt: declinedAt },
      { id: toBo.id, outcome: "accepted", usedByName: "Bo Berg", usedAt: new Date(declinedAt.getTime() - DAY_MS) },
    ]);
    // Used invitations are not pending: they free a place.
    expect(await ann.caller.invitations.count()).toEqual({ current: 0, max: 10 });

    // Each stays 7 days from its answer: Bo's until 6 days from now, Cy's until 7.
    h.clock.advance(6 * DAY_MS - 1);
    expect((await ann.caller.invitations.outgoing()).map((i) => i.id)).toEqual([toCy.id, toBo.id]);
    h.clock.advance(1);
    expect((await ann.caller.invitations.outgoing()).map((i) => i.id)).toEqual([toCy.id]);
    h.clock.advance(DAY_MS);
    expect(await ann.caller.invitations.outgoing()).toEqual([]);
  });
});
