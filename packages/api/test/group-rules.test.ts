import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, failure, inviteAndJoin, useHarness } from "./support";

const h = useHarness();

describe("a group's rules (issue 29)", () => {
  it("are written by the owner, keep their line breaks, leave the description alone, and clear when empty", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    await ann.caller.groups.update({ groupId: group.id, description: "Maple Street" });
    const updated = await ann.caller.groups.update({
      groupId: group.id,
      rules: "  1. Be kind <b>always</b>\r\n\r\n\r\n2.   No selling ",
    });
    expect(updated).toMatchObject({
      description: "Maple Street",
      rules: "1. Be kind always\n\n2. No selling",
      rulesToAccept: false,
    });
    expect((await ann.caller.groups.update({ groupId: group.id, description: "Elm" })).rules).toBe(
      "1. Be kind always\n\n2. No selling",
    );
    expect((await ann.caller.groups.update({ groupId: group.id, rules: " " })).rules).toBeNull();
  });

  it("have at most 2,000 characters, and are the owner's to change", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect((await ann.caller.groups.update({ groupId: group.id, rules: "x".repeat(2000) })).rules).toHaveLength(2000);
    expect(await failure(ann.caller.groups.update({ groupId: group.id, rules: "x".repeat(2001) }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupRulesTooLong,
    });
    expect(await failure(bo.caller.groups.update({ groupId: group.id, rules: "Mine now" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyOwnersDescribe,
    });
    expect((await ann.caller.groups.list())[0]!.rules).toBe("x".repeat(2000));
  });

  it("are shown on the join page and must be accepted to join, by an invitation or a group link", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const group = await createGroup(ann);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind" });

    const invite = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    expect((await (await h.caller()).groupLinks.joinPage({ token: invite.token })).group.rules).toBe("Be kind");
    expect(await failure(bo.caller.invitations.joinByToken({ token: invite.token }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupRulesNotAccepted,
    });
    expect(await failure(bo.caller.invitations.joinByToken({ token: invite.token, acceptRules: false }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupRulesNotAccepted,
    });
    expect(await bo.caller.groups.list()).toEqual([]);
    const joined = await bo.caller.invitations.joinByToken({ token: invite.token, acceptRules: true });
    expect(joined).toMatchObject({ id: group.id, rules: "Be kind", rulesToAccept: false });

    const link = await ann.caller.groupLinks.create({ groupId: group.id });
    expect((await (await h.caller()).groupLinks.joinPage({ token: link.token })).group.rules).toBe("Be kind");
    expect(await failure(cy.caller.invitations.joinByToken({ token: link.token }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupRulesNotAccepted,
    });
    expect(await cy.caller.invitations.joinByToken({ token: link.token, acceptRules: true })).toMatchObject({
      id: group.id,
      rulesToAccept: false,
    });
  });

  it("must be accepted when an invitation is accepted from the app's list, which shows them", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind" });
    await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    const [invitation] = await bo.caller.invitations.pending();
    expect(invitation).toMatchObject({ groupId: group.id, groupRules: "Be kind" });
    const refused = { code: "BAD_REQUEST", message: messages.groupRulesNotAccepted };
    expect(await failure(bo.caller.invitations.accept({ id: invitation!.id }))).toEqual(refused);
    expect(await failure(bo.caller.invitations.accept({ id: invitation!.id, acceptRules: false }))).toEqual(refused);
    expect(await bo.caller.groups.list()).toEqual([]);
    expect(await bo.caller.invitations.accept({ id: invitation!.id, acceptRules: true })).toMatchObject({
      id: group.id,
      rulesToAccept: false,
    });
    expect((await bo.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBeNull();
  });

  it("once changed, are accepted again by each member (not the owner), as the dashboard and the groups say", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect((await bo.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBeNull();

    h.clock.advance(1000);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind" });
    expect((await bo.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBe("Be kind");
    expect((await bo.caller.groups.list())[0]!.rulesToAccept).toBe(true);
    expect((await ann.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBeNull();

    h.clock.advance(1000);
    expect(await bo.caller.groups.acceptRules({ groupId: group.id })).toMatchObject({ rulesToAccept: false });
    expect((await bo.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBeNull();

    // Saving the same rules again changes nothing; new rules are asked again.
    h.clock.advance(1000);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind", description: "Maple" });
    expect((await bo.caller.groups.list())[0]!.rulesToAccept).toBe(false);
    h.clock.advance(1000);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind\nNo selling" });
    expect((await bo.caller.requests.dashboard()).groups[0]!.rulesToAccept).toBe("Be kind\nNo selling");
  });

  it("are accepted by members only", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    expect(await failure(bo.caller.groups.acceptRules({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect(await failure(bo.caller.groups.acceptRules({ groupId: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });
  });
});

describe("the rules as a member accepted them (issue 43)", () => {
  it("are kept at joining and at each acceptance, so a change is shown against them", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind" });
    await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    const [invitation] = await bo.caller.invitations.pending();
    await bo.caller.invitations.accept({ id: invitation!.id, acceptRules: true });

    h.clock.advance(60_000);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind\nNo selling" });
    expect((await bo.caller.requests.dashboard()).groups[0]).toMatchObject({
      rulesToAccept: "Be kind\nNo selling",
      rulesAccepted: "Be kind",
    });

    await bo.caller.groups.acceptRules({ groupId: group.id });
    h.clock.advance(60_000);
    await ann.caller.groups.update({ groupId: group.id, rules: "Be kind\nNo selling\nBring bags" });
    expect((await bo.caller.requests.dashboard()).groups[0]).toMatchObject({
      rulesToAccept: "Be kind\nNo selling\nBring bags",
      rulesAccepted: "Be kind\nNo selling",
    });
    await bo.caller.groups.acceptRules({ groupId: group.id });
    expect((await bo.caller.requests.dashboard()).groups[0]).toMatchObject({
      rulesToAccept: null,
      rulesAccepted: null,
    });
  });
});
