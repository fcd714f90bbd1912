import { DAY_MS, HOUR_MS, hashToken } from "@hyn/core";
import { invites } from "@hyn/db";
import { limitMessage, messages, pendingInviteExistsMessage } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure, inviteAndJoin, createGroup } from "./support";

const h = useHarness();

const INVITE_LINK = /^http:\/\/localhost:3000\/invite\/[a-z2-7]{32}$/;

describe("creating an invitation", () => {
  it("e-mails a link naming the group and the inviter; the token has 160 random bits and is stored only as a hash", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "  New.Person@Example.com " });
    expect(invite).toMatchObject({
      groupId: group.id,
      email: "new.person@example.com",
      usedAt: null,
      invitedBy: ann.user.id,
    });
    expect(invite.createdAt).toEqual(h.clock.now());
    expect(new Date(invite.expiresAt).getTime() - new Date(invite.createdAt).getTime()).toBe(7 * DAY_MS);
    expect(invite.token).toMatch(/^[a-z2-7]{32}$/);

    const link = await h.linkFor("new.person@example.com", INVITE_LINK);
    expect(link.pathname).toBe(`/invite/${invite.token}`);
    const [mail] = h.inbox("new.person@example.com");
    expect(mail!.subject).toContain("Ann Lee");
    expect(mail!.subject).toContain("Maple Street");
    expect(mail!.text).toContain('Ann Lee has invited you to join the group "Maple Street"');
    expect(mail!.text).toContain("expires in 7 days");
    expect(mail!.html).toContain(link.toString());

    const [row] = await h.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row!.tokenHash).toBe(hashToken(invite.token));
    expect(Object.values(row!)).not.toContain(invite.token);
  });

  it("names the inviter by e-mail address when they gave no name, and escapes markup in the HTML", async () => {
    const ann = await h.signUpUser({ name: "" });
    const group = await createGroup(ann, "Fish & Chips");
    await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    await h.deliver();
    const [mail] = h.inbox("bo@example.com");
    expect(mail!.text).toContain(`${ann.email} has invited you`);
    expect(mail!.html).toContain("Fish &amp; Chips");
  });

  it("does not fail when the e-mail cannot be sent at once: the outbox retries it", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    await h.deliver();
    h.transport.failNext = 1;
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    expect(await h.deliver()).toBe(0);
    expect(await ann.caller.invitations.outgoing()).toHaveLength(1);
    h.clock.advance(31_000);
    expect((await h.linkFor("bo@example.com", INVITE_LINK)).pathname).toBe(`/invite/${invite.token}`);
  });

  it("is for the group's owner only", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const eve = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await failure(bo.caller.invitations.create({ groupId: group.id, email: "x@example.com" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCreatorsInvite,
    });
    expect(await failure(eve.caller.invitations.create({ groupId: group.id, email: "x@example.com" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCreatorsInvite,
    });
    expect(
      await failure(
        ann.caller.invitations.create({ groupId: "00000000-0000-4000-8000-000000000000", email: "x@example.com" }),
      ),
    ).toEqual({
      code: "NOT_FOUND",
      message: messages.groupNotFound,
    });
    expect(await failure((await h.caller()).invitations.create({ groupId: group.id, email: "x@example.com" }))).toEqual(
      {
        code: "UNAUTHORIZED",
        message: messages.noAuthenticatedUser,
      },
    );
  });

  it("needs a valid e-mail address of someone who is not yet a member", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.inviteEmailRequired,
    });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id } as never))).toEqual({
      code: "BAD_REQUEST",
      message: messages.inviteEmailRequired,
    });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: "not-an-email" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invalidEmailFormat,
    });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: bo.email.toUpperCase() }))).toEqual({
      code: "CONFLICT",
      message: messages.userAlreadyMember,
    });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: ann.email }))).toEqual({
      code: "CONFLICT",
      message: messages.userAlreadyMember,
    });
  });

  it("refuses a second pending invitation to the same address for the same group, stating the days left", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    const other = await createGroup(ann, "Oak");
    await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: "BO@example.com" }))).toEqual({
      code: "CONFLICT",
      message: pendingInviteExistsMessage(7),
    });
    h.clock.advance(2 * DAY_MS + 12 * HOUR_MS);
    expect((await failure(ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" }))).message).toBe(
      "An invitation to this email is already pending for this group. It expires in 5 days.",
    );
    h.clock.advance(4 * DAY_MS);
    expect((await failure(ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" }))).message).toBe(
      "An invitation to this email is already pending for this group. It expires in 1 day.",
    );
    // Another group is another invitation.
    await ann.caller.invitations.create({ groupId: other.id, email: "bo@example.com" });
    // Once the first has expired, a new one may be sent.
    h.clock.advance(12 * HOUR_MS);
    await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
  });

  it("allows at most 10 pending invitations per inviter; expired, accepted and cancelled ones free a place", async () => {
    const ann = await h.signUpUser();
    const maple = await createGroup(ann, "Maple");
    const oak = await createGroup(ann, "Oak");
    const bo = await h.signUpUser();
    const sent = [];
    for (let i = 0; i < 5; i++)
      sent.push(await ann.caller.invitations.create({ groupId: maple.id, email: `m${i}@example.com` }));
    for (let i = 0; i < 4; i++)
      sent.push(await ann.caller.invitations.create({ groupId: oak.id, email: `o${i}@example.com` }));
    const toBo = await ann.caller.invitations.create({ groupId: oak.id, email: bo.email });
    expect(await ann.caller.invitations.count()).toEqual({ current: 10, max: 10 });
    expect(
      await failure(ann.caller.invitations.create({ groupId: maple.id, email: "one-too-many@example.com" })),
    ).toEqual({
      code: "CONFLICT",
      message: messages.invitationLimit,
    });

    await bo.caller.invitations.joinByToken({ token: toBo.token });
    expect(await ann.caller.invitations.count()).toEqual({ current: 9, max: 10 });
    await ann.caller.invitations.create({ groupId: maple.id, email: "eleventh@example.com" });
    await ann.caller.invitations.cancel({ id: sent[0]!.id });
    await ann.caller.invitations.create({ groupId: maple.id, email: "twelfth@example.com" });
    expect((await failure(ann.caller.invitations.create({ groupId: maple.id, email: "x@example.com" }))).message).toBe(
      messages.invitationLimit,
    );

    h.clock.advance(7 * DAY_MS);
    expect(await ann.caller.invitations.count()).toEqual({ current: 0, max: 10 });
    await ann.caller.invitations.create({ groupId: maple.id, email: "x@example.com" });
  });
});

describe("sending invitations is rate limited", () => {
  it("counts creations and re-sends of one inviter per hour", async () => {
    // A multiplier that leaves 2 per hour, so the test needs only a few calls.
    await h.restart({ config: { rateLimitMultiplier: 2 / 30 } });
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "one@example.com" });
    await ann.caller.invitations.resend({ inviteToken: invite.token });
    expect(await failure(ann.caller.invitations.create({ groupId: group.id, email: "two@example.com" }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: messages.tooManyRequests,
    });
    expect(
      await failure(ann.caller.invitations.resend({ recipientEmail: "one@example.com", groupName: group.name })),
    ).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    h.clock.advance(HOUR_MS);
    await ann.caller.invitations.create({ groupId: group.id, email: "two@example.com" });
  });
});

describe("validating an invitation link", () => {
  it("is public and names the group", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    const anon = await h.caller();
    expect(await anon.invitations.validate({ token })).toEqual({
      group: { id: group.id, name: "Maple Street", description: null, rules: null },
      alreadyMember: false,
      invitedEmail: "bo@example.com",
    });
  });

  it("tells a member who reopens their used link that they are in the group already; anyone else still gets invalid", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const cy = await h.signUpUser();
    const group = await createGroup(ann, "Maple Street");
    const used = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    await bo.caller.invitations.joinByToken({ token: used.token });

    expect(await bo.caller.invitations.validate({ token: used.token })).toEqual({
      group: { id: group.id, name: "Maple Street", description: null, rules: null },
      alreadyMember: true,
      invitedEmail: null,
    });
    expect(await failure(cy.caller.invitations.validate({ token: used.token }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invalidOrExpiredInviteToken,
    });
    expect(await failure((await h.caller()).invitations.validate({ token: used.token }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invalidOrExpiredInviteToken,
    });
    const fresh = await ann.caller.invitations.create({ groupId: group.id, email: "dee@example.com" });
    expect(await ann.caller.invitations.validate({ token: fresh.token })).toMatchObject({ alreadyMember: true });
  });

  it("rejects an unknown, used, expired or missing token with the spec's texts", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    const anon = await h.caller();
    expect(await failure(anon.invitations.validate({ token: "made-up-token" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invalidOrExpiredInviteToken,
    });
    expect(await failure(anon.invitations.validate({ token: "" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invalidInvitationLink,
    });
    expect(await failure(anon.invitations.validate({} as never))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invalidInvitationLink,
    });

    const used = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    await bo.caller.invitations.joinByToken({ token: used.token });
    expect(await failure(anon.invitations.validate({ token: used.token }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invalidOrExpiredInviteToken,
    });

    const late = await ann.caller.invitations.create({ groupId: group.id, email: "late@example.com" });
    h.clock.advance(7 * DAY_MS);
    expect(await failure(anon.invitations.validate({ token: late.token }))).toEqual({
      code: "CONFLICT",
      message: messages.inviteExpired,
    });
  });
});

describe("joining with a link", () => {
  it("lets the invited account join once, and marks the invitation used", async () => {
    const ann = await h.signUpUser();
    const holder = await h.signUpUser({ email: "Invited@Example.com" });
    const second = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    const { token, id } = await ann.caller.invitations.create({ groupId: group.id, email: "invited@example.com" });

    const joined = await holder.caller.invitations.joinByToken({ token });
    expect(joined).toMatchObject({ id: group.id, name: "Maple", memberCount: 2, createdBy: ann.user.id });
    expect("joinedAt" in joined && joined.joinedAt).toEqual(h.clock.now());
    const [row] = await h.db.select({ usedAt: invites.usedAt }).from(invites).where(eq(invites.id, id));
    expect(row!.usedAt).toEqual(h.clock.now());
    expect(await failure(second.caller.invitations.joinByToken({ token }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invalidOrExpiredInviteToken,
    });
    expect(await ann.caller.invitations.outgoing()).toEqual([
      expect.objectContaining({ id, outcome: "accepted", usedAt: h.clock.now() }),
    ]);
  });

  it("refuses another account (even a member) without using the link, an expired link, and a visitor without a session", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    const { token } = await ann.caller.invitations.create({ groupId: group.id, email: "cy@example.com" });
    expect(await failure(bo.caller.invitations.joinByToken({ token }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });
    expect(await failure(ann.caller.invitations.joinByToken({ token }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });
    expect(await failure((await h.caller()).invitations.joinByToken({ token }))).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });
    expect(await failure(bo.caller.invitations.joinByToken({ token: " " }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invalidInvitationLink,
    });
    // Still valid for someone else.
    expect(await (await h.caller()).invitations.validate({ token })).toMatchObject({ group: { id: group.id } });

    h.clock.advance(7 * DAY_MS + 1);
    const cy = await h.signUpUser({ email: "cy@example.com" });
    expect(await failure(cy.caller.invitations.joinByToken({ token }))).toEqual({
      code: "CONFLICT",
      message: messages.inviteExpired,
    });
  });
});

describe("incoming and outgoing invitations", () => {
  it("incoming: addressed to the caller's e-mail, unused and unexpired, with group and inviter names", async () => {
    const [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
    const maple = await createGroup(ann, "Maple");
    const oak = await createGroup(cy, "Oak");
    const first = await ann.caller.invitations.create({ groupId: maple.id, email: bo.email.toUpperCase() });
    h.clock.advance(HOUR_MS);
    const second = await cy.caller.invitations.create({ groupId: oak.id, email: bo.email });
    await ann.caller.invitations.create({ groupId: maple.id, email: "somebody@example.com" });

    const incoming = await bo.caller.invitations.pending();
    expect(incoming.map((i) => [i.id, i.groupId, i.groupName, i.inviterName, i.email])).toEqual([
      [second.id, oak.id, "Oak", "Cy", bo.email],
      [first.id, maple.id, "Maple", "Ann", bo.email],
    ]);
    expect(incoming[0]).toEqual({
      id: second.id,
      groupId: oak.id,
      groupName: "Oak",
      groupRules: null,
      inviterName: "Cy",
      email: bo.email,
      expiresAt: second.expiresAt,
      createdAt: second.createdAt,
    });
    expect(await cy.caller.invitations.pending()).toEqual([]);

    await bo.caller.invitations.decline({ id: second.id });
    expect((await bo.caller.invitations.pending()).map((i) => i.id)).toEqual([first.id]);
    h.clock.advance(7 * DAY_MS);
    expect(await bo.caller.invitations.pending()).toEqual([]);
  });

  it("outgoing and count: the caller's own pending invitations with group names", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const maple = await createGroup(ann, "Maple");
    await createGroup(bo, "Oak");
    expect(await ann.caller.invitations.count()).toEqual({ current: 0, max: 10 });
    const first = await ann.caller.invitations.create({ groupId: maple.id, email: "one@example.com" });
    h.clock.advance(60_000);
    const second = await ann.caller.invitations.create({ groupId: maple.id, email: "two@example.com" });
    const outgoing = await ann.caller.invitations.outgoing();
    expect(outgoing).toEqual([
      {
        id: second.id,
        groupId: maple.id,
        groupName: "Maple",
        email: "two@example.com",
        expiresAt: second.expiresAt,
        createdAt: second.createdAt,
        usedAt: null,
        inviterName: null,
        outcome: "pending",
        usedByName: null,
      },
      {
        id: first.id,
        groupId: maple.id,
        groupName: "Maple",
        email: "one@example.com",
        expiresAt: first.expiresAt,
        createdAt: first.createdAt,
        usedAt: null,
        inviterName: null,
        outcome: "pending",
        usedByName: null,
      },
    ]);
    expect(await ann.caller.invitations.count()).toEqual({ current: 2, max: 10 });
    expect(await bo.caller.invitations.outgoing()).toEqual([]);
    expect(await bo.caller.invitations.count()).toEqual({ current: 0, max: 10 });
  });
});

describe("cancelling an invitation", () => {
  it("is for its sender only, deletes it, and is refused once it was accepted", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    await inviteAndJoin(ann, bo, group.id);
    const pending = await ann.caller.invitations.create({ groupId: group.id, email: "cy@example.com" });
    expect(await failure(bo.caller.invitations.cancel({ id: pending.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCancelOwnInvitations,
    });
    expect(await ann.caller.invitations.cancel({ id: pending.id })).toEqual({ ok: true });
    expect((await ann.caller.invitations.outgoing()).map((i) => i.outcome)).toEqual(["accepted"]);
    expect(await failure((await h.caller()).invitations.validate({ token: pending.token }))).toMatchObject({
      message: messages.invalidOrExpiredInviteToken,
    });
    expect(await failure(ann.caller.invitations.cancel({ id: pending.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
    expect(await failure(ann.caller.invitations.cancel({ id: "nope" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invitationNotFound,
    });

    const cy = await h.signUpUser();
    const accepted = await ann.caller.invitations.create({ groupId: group.id, email: cy.email });
    await cy.caller.invitations.accept({ id: accepted.id });
    expect(await failure(ann.caller.invitations.cancel({ id: accepted.id }))).toEqual({
      code: "CONFLICT",
      message: messages.cannotCancelAccepted,
    });
  });
});

describe("accepting and declining", () => {
  it("accepting joins the group and uses the invitation; only the addressee may answer", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const eve = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });

    expect(await failure(eve.caller.invitations.accept({ id: invite.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });
    expect(await failure(eve.caller.invitations.decline({ id: invite.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });
    expect(await failure(ann.caller.invitations.accept({ id: invite.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.invitationNotForYou,
    });

    const joined = await bo.caller.invitations.accept({ id: invite.id });
    expect(joined).toMatchObject({ id: group.id, name: "Maple", memberCount: 2 });
    expect((await bo.caller.groups.list()).map((g) => g.id)).toEqual([group.id]);
    expect(await bo.caller.invitations.pending()).toEqual([]);
    expect(await failure(bo.caller.invitations.accept({ id: invite.id }))).toEqual({
      code: "CONFLICT",
      message: messages.invitationUsed,
    });
    expect(await failure(bo.caller.invitations.decline({ id: invite.id }))).toEqual({
      code: "CONFLICT",
      message: messages.invitationUsed,
    });
    expect(await failure(bo.caller.invitations.accept({ id: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
  });

  it("declining uses the invitation without joining", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    expect(await bo.caller.invitations.decline({ id: invite.id })).toEqual({ ok: true });
    const [row] = await h.db.select({ usedAt: invites.usedAt }).from(invites).where(eq(invites.id, invite.id));
    expect(row!.usedAt).toEqual(h.clock.now());
    expect(await bo.caller.groups.list()).toEqual([]);
    expect(await failure(bo.caller.invitations.accept({ id: invite.id }))).toEqual({
      code: "CONFLICT",
      message: messages.invitationUsed,
    });
    expect(await failure((await h.caller()).invitations.validate({ token: invite.token }))).toMatchObject({
      message: messages.invalidOrExpiredInviteToken,
    });
    // The sender's slot is free again and the address may be invited anew.
    expect(await ann.caller.invitations.count()).toEqual({ current: 0, max: 10 });
    await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
  });

  it("an expired invitation can be neither accepted nor declined", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    h.clock.advance(7 * DAY_MS);
    expect(await failure(bo.caller.invitations.accept({ id: invite.id }))).toEqual({
      code: "CONFLICT",
      message: messages.invitationExpired,
    });
    expect(await failure(bo.caller.invitations.decline({ id: invite.id }))).toEqual({
      code: "CONFLICT",
      message: messages.invitationExpired,
    });
  });

  it("accepting counts against the groups-joined limit", async () => {
    const bo = await h.signUpUser();
    const owners = [await h.signUpUser(), await h.signUpUser()];
    const invitations = [];
    for (const owner of owners) {
      for (const name of ["A", "B", "C"]) {
        const group = await createGroup(owner, name);
        invitations.push(await owner.caller.invitations.create({ groupId: group.id, email: bo.email }));
      }
    }
    for (const invite of invitations.slice(0, 5)) await bo.caller.invitations.accept({ id: invite.id });
    expect(await failure(bo.caller.invitations.accept({ id: invitations[5]!.id }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups joined", 5, 5),
    });
    expect(await failure(bo.caller.invitations.joinByToken({ token: invitations[5]!.token }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups joined", 5, 5),
    });
    expect(await bo.caller.groups.list()).toHaveLength(5);
    // Owning groups does not count as joining them.
    const own = await createGroup(bo, "Mine");
    expect(own.memberCount).toBe(1);
    expect(await bo.caller.limits.counts()).toMatchObject({ groupsCreatedCount: 1, groupsJoinedCount: 5 });
  });
});

describe("re-sending an invitation (POST /api/send-invitation)", () => {
  it("finds the caller's invitation by its token, replaces the token and e-mails the new link to the stored address", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const group = await createGroup(ann, "Maple");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    await h.deliver();
    const result = await ann.caller.invitations.resend({
      inviteToken: invite.token,
      recipientEmail: "attacker@example.com",
      inviterName: "The Bank",
      groupName: "Urgent: verify your account",
    });
    expect(result.emailId).toMatch(/^[0-9a-f-]{36}$/);
    await h.deliver();
    expect(h.inbox("attacker@example.com")).toEqual([]);
    const mails = h.inbox("bo@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Ann has invited you to join the group "Maple"');
    expect(mails[1]!.text).not.toContain("The Bank");
    const newToken = new URL(mails[1]!.links.find((l) => INVITE_LINK.test(l))!).pathname.split("/").pop()!;
    expect(newToken).not.toBe(invite.token);

    const anon = await h.caller();
    expect(await failure(anon.invitations.validate({ token: invite.token }))).toMatchObject({
      message: messages.invalidOrExpiredInviteToken,
    });
    expect(await anon.invitations.validate({ token: newToken })).toEqual({
      group: { id: group.id, name: "Maple", description: null, rules: null },
      alreadyMember: false,
      invitedEmail: "bo@example.com",
    });
    // Same invitation: same id and expiry.
    expect(await ann.caller.invitations.outgoing()).toEqual([
      expect.objectContaining({ id: invite.id, expiresAt: invite.expiresAt }),
    ]);
  });

  it("finds it by address and group name without a token", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    await ann.caller.invitations.create({ groupId: group.id, email: "bo@example.com" });
    await h.deliver();
    await ann.caller.invitations.resend({
      recipientEmail: " BO@example.com ",
      groupName: "Maple",
      inviterName: "Ann",
      inviteToken: "stale",
    });
    await h.deliver();
    expect(h.inbox("bo@example.com")).toHaveLength(2);
  });

  it("is not an open relay: only the caller's own pending invitation is re-sent", async () => {
    const ann = await h.signUpUser();
    const eve = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann, "Maple");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    await createGroup(eve, "Maple");
    await h.deliver();
    const before = h.transport.sent.length;
    expect(await failure(eve.caller.invitations.resend({ inviteToken: invite.token }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
    expect(await failure(eve.caller.invitations.resend({ recipientEmail: bo.email, groupName: "Maple" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
    expect(
      await failure(ann.caller.invitations.resend({ recipientEmail: "stranger@example.com", groupName: "Maple" })),
    ).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
    expect(await failure((await h.caller()).invitations.resend({ inviteToken: invite.token }))).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });
    await bo.caller.invitations.joinByToken({ token: invite.token });
    expect(await failure(ann.caller.invitations.resend({ recipientEmail: bo.email, groupName: "Maple" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.invitationNotFound,
    });
    await h.deliver();
    expect(h.transport.sent.length).toBe(before);
  });
});
