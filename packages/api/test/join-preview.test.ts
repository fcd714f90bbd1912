/**
 * Issue 43: a link opened signed out. The join page's preview names the group and who invited, and says
 * whether the link can still be used, before anyone logs in or signs up; nothing else about the group or
 * its people. Signing up from an e-mail invitation, for the address it was sent to, needs no second e-mail.
 */
import { DAY_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, failure, useHarness } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

const dead = (kind: "invitation" | "link", state: string) => ({
  kind,
  state,
  groupName: null,
  inviterName: null,
  invitedEmail: null,
});

describe("the join page's preview, signed out", () => {
  it("an e-mail invitation: the group, who invited and the address it was sent to, the same for anyone holding it", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    await ann.caller.groups.update({ groupId: group.id, description: "The even side", rules: "Be kind" });
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "new@example.com" });

    const preview = await (await h.caller(null)).groupLinks.preview({ token: invite.token });
    expect(preview).toEqual({
      kind: "invitation",
      state: "valid",
      groupName: "Maple Street",
      inviterName: "Ann Lee",
      invitedEmail: "new@example.com",
    });
    // Nothing more about the group: no id, description, rules or member count; no session is read.
    const text = JSON.stringify(preview);
    for (const hidden of [group.id, "The even side", "Be kind", ann.email]) expect(text).not.toContain(hidden);
    const stranger = await h.signUpUser();
    expect(await stranger.caller.groupLinks.preview({ token: invite.token })).toEqual(preview);
    expect(await ann.caller.groupLinks.preview({ token: invite.token })).toEqual(preview);
  });

  it("an e-mail invitation from someone without a name shows their address, as its e-mail does", async () => {
    const nameless = await h.signUpUser({ name: "" });
    const group = await createGroup(nameless, "Oak Row");
    const invite = await nameless.caller.invitations.create({ groupId: group.id, email: "new@example.com" });
    expect(await (await h.caller(null)).groupLinks.preview({ token: invite.token })).toMatchObject({
      inviterName: nameless.email,
    });
  });

  it("an e-mail invitation used or expired says so, and names nothing", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const bo = await h.signUpUser();
    const group = await createGroup(ann, "Maple Street");
    const used = await ann.caller.invitations.create({ groupId: group.id, email: bo.email });
    await bo.caller.invitations.joinByToken({ token: used.token });
    const late = await ann.caller.invitations.create({ groupId: group.id, email: "late@example.com" });
    const anonymous = await h.caller(null);

    expect(await anonymous.groupLinks.preview({ token: used.token })).toEqual(dead("invitation", "used"));
    h.clock.advance(7 * DAY_MS - 1);
    expect(await anonymous.groupLinks.preview({ token: late.token })).toMatchObject({ state: "valid" });
    h.clock.advance(1);
    expect(await anonymous.groupLinks.preview({ token: late.token })).toEqual(dead("invitation", "expired"));
  });

  it("a group link: the group and its owner by name only (anyone may hold a link), or that joining asks the owner", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const open = await ann.caller.groupLinks.create({ groupId: group.id });
    const asks = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });
    const anonymous = await h.caller(null);
    expect(await anonymous.groupLinks.preview({ token: open.token })).toEqual({
      kind: "link",
      state: "valid",
      groupName: "Maple Street",
      inviterName: "Ann Lee",
      invitedEmail: null,
    });
    expect(await anonymous.groupLinks.preview({ token: asks.token })).toMatchObject({
      state: "approval",
      groupName: "Maple Street",
    });

    const nameless = await h.signUpUser({ name: "" });
    const quiet = await createGroup(nameless, "Oak Row");
    const link = await nameless.caller.groupLinks.create({ groupId: quiet.id });
    const preview = await anonymous.groupLinks.preview({ token: link.token });
    expect(preview).toMatchObject({ groupName: "Oak Row", inviterName: null });
    expect(JSON.stringify(preview)).not.toContain(nameless.email);
  });

  it("a group link revoked, expired or paused (its owner suspended) says so, and names nothing", async () => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const revoked = await ann.caller.groupLinks.create({ groupId: group.id });
    await ann.caller.groupLinks.revoke({ groupId: group.id, linkId: revoked.id });
    const daily = await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 1 });
    const weekly = await ann.caller.groupLinks.create({ groupId: group.id });
    const anonymous = await h.caller(null);

    expect(await anonymous.groupLinks.preview({ token: revoked.token })).toEqual(dead("link", "revoked"));
    h.clock.advance(DAY_MS);
    expect(await anonymous.groupLinks.preview({ token: daily.token })).toEqual(dead("link", "expired"));
    await admin.caller.admin.suspendUser({ id: ann.user.id, reason: "Spam" });
    expect(await anonymous.groupLinks.preview({ token: weekly.token })).toEqual(dead("link", "paused"));
    await admin.caller.admin.reinstateUser({ id: ann.user.id });
    expect(await anonymous.groupLinks.preview({ token: weekly.token })).toMatchObject({ state: "valid" });
  });

  it("a token that names nothing is 'invalid or has expired', counted against the IP like other guesses", async () => {
    await h.restart({ config: { rateLimitMultiplier: 1 } });
    const guesser = await h.caller(null, { ip: "198.51.100.7" });
    for (let i = 0; i < 30; i++)
      expect(await failure(guesser.groupLinks.preview({ token: `guess${i}` }))).toEqual({
        code: "NOT_FOUND",
        message: messages.invalidOrExpiredInviteToken,
      });
    expect(await failure(guesser.groupLinks.preview({ token: "guess-more" }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: messages.tooManyRequests,
    });
    expect(
      await failure((await h.caller(null, { ip: "198.51.100.8" })).groupLinks.preview({ token: "x" })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("signing up from an invitation", () => {
  const verificationEmails = async (email: string) => {
    await h.deliver();
    return h.inbox(email).filter((m) => m.links.some((l) => /type=signup/.test(l))).length;
  };

  it("from an e-mail invitation, for its address: confirmed at once, signed in, no second e-mail, and the link joins", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "nia@example.com" });
    const anonymous = await h.caller(null);

    const signedUp = await anonymous.auth.signUp({
      email: "Nia@Example.com",
      password: "a long enough password",
      name: "Nia",
      inviteToken: invite.token,
    });
    expect(signedUp.user).toMatchObject({ email: "nia@example.com", emailVerified: true });
    expect(signedUp.session?.token).toEqual(expect.any(String));
    expect(anonymous.cookie.token).toBe(signedUp.session!.token);
    expect(await verificationEmails("nia@example.com")).toBe(0);

    // Signing up used nothing: joining is the invitation's own step, on the join page it returns to.
    const nia = await h.caller(signedUp.session!.token);
    expect(await nia.groupLinks.joinPage({ token: invite.token })).toMatchObject({ alreadyMember: false });
    expect(await nia.invitations.joinByToken({ token: invite.token })).toMatchObject({ id: group.id, memberCount: 2 });
    // And the account signs in again without a confirmation.
    await (await h.caller(null)).auth.signIn({ email: "nia@example.com", password: "a long enough password" });
  });

  it("for another address, from a group link, or with an expired or unknown token: the address is confirmed by e-mail", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "nia@example.com" });
    const link = await ann.caller.groupLinks.create({ groupId: group.id });
    const late = await ann.caller.invitations.create({ groupId: group.id, email: "late@example.com" });
    const anonymous = await h.caller(null);
    const unconfirmed = async (email: string, inviteToken: string) => {
      const answer = await anonymous.auth.signUp({ email, password: "a long enough password", inviteToken });
      expect(answer).toMatchObject({ user: { email, emailVerified: false }, session: null });
      expect(await verificationEmails(email)).toBe(1);
      expect(
        await failure((await h.caller(null)).auth.signIn({ email, password: "a long enough password" })),
      ).toMatchObject({ message: messages.emailNotConfirmed });
    };

    await unconfirmed("other@example.com", invite.token);
    await unconfirmed("linked@example.com", link.token);
    await unconfirmed("made-up@example.com", "made-up-token");
    h.clock.advance(7 * DAY_MS);
    await unconfirmed("late@example.com", late.token);
  });
});
