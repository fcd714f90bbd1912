/**
 * Issue 27 §1: the group link. An owner makes links that expire after 1, 7 or 30 days, revokes them,
 * and either lets people in at once or approves each one; joining goes through the invitation's path.
 */
import { DAY_MS, hashToken } from "@hyn/core";
import { groupLinks } from "@hyn/db";
import { limitMessage, messages, MAX_LIVE_GROUP_LINKS } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGroup, failure, groupOfSize, useHarness } from "./support";

const h = useHarness();

const JOIN_LINK = /^http:\/\/localhost:3000\/join\/([a-z2-7]{32})$/;
const invalidLink = { code: "NOT_FOUND", message: messages.groupLinkInvalid };

describe("making a group link", () => {
  it("answers the link, its token and its expiry (7 days unless 1 or 30 are asked); only the token's hash is stored", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const link = await ann.caller.groupLinks.create({ groupId: group.id });
    expect(link).toMatchObject({ approval: false });
    expect(link.url).toMatch(JOIN_LINK);
    expect(link.url).toBe(`http://localhost:3000/join/${link.token}`);
    expect(new Date(link.expiresAt).getTime() - h.clock.now().getTime()).toBe(7 * DAY_MS);

    h.clock.advance(1000);
    const short = await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 1, approval: true });
    expect(new Date(short.expiresAt).getTime() - h.clock.now().getTime()).toBe(DAY_MS);
    h.clock.advance(1000);
    const long = await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 30 });
    expect(new Date(long.expiresAt).getTime() - h.clock.now().getTime()).toBe(30 * DAY_MS);
    expect(await failure(ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 3 }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.groupLinkExpiryInvalid,
    });

    const [row] = await h.db.select().from(groupLinks).where(eq(groupLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(link.token));
    expect(Object.values(row!)).not.toContain(link.token);
    // The owner sees the same links again, newest first.
    expect(await ann.caller.groupLinks.list({ groupId: group.id })).toEqual([long, short, link]);
  });

  it("is for the owner only, with the spec's text", async () => {
    const [ann, bo] = [await h.signUpUser(), await h.signUpUser()];
    const group = await createGroup(ann);
    const onlyOwner = { code: "FORBIDDEN", message: messages.onlyCreatorsInvite };
    expect(await failure(bo.caller.groupLinks.create({ groupId: group.id }))).toEqual(onlyOwner);
    expect(await failure(bo.caller.groupLinks.list({ groupId: group.id }))).toEqual(onlyOwner);
    const link = await ann.caller.groupLinks.create({ groupId: group.id });
    expect(await failure(bo.caller.groupLinks.revoke({ groupId: group.id, linkId: link.id }))).toEqual(onlyOwner);
    expect(await failure(bo.caller.groupLinks.joinRequests({ groupId: group.id }))).toEqual(onlyOwner);
  });

  it(`allows ${MAX_LIVE_GROUP_LINKS} live links per group; an expired or revoked one makes room`, async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    const first = await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 1 });
    for (let i = 1; i < MAX_LIVE_GROUP_LINKS; i++) await ann.caller.groupLinks.create({ groupId: group.id });
    expect(await failure(ann.caller.groupLinks.create({ groupId: group.id }))).toEqual({
      code: "CONFLICT",
      message: messages.groupLinkLimit,
    });
    h.clock.advance(DAY_MS);
    const next = await ann.caller.groupLinks.create({ groupId: group.id });
    expect((await ann.caller.groupLinks.list({ groupId: group.id })).map((l) => l.id)).not.toContain(first.id);
    expect(await failure(ann.caller.groupLinks.create({ groupId: group.id }))).toMatchObject({ code: "CONFLICT" });
    await ann.caller.groupLinks.revoke({ groupId: group.id, linkId: next.id });
    await ann.caller.groupLinks.create({ groupId: group.id });
  });
});

describe("joining through a link", () => {
  it("the join page names the group, who invited and the member count; joining adds the person, and the link stays for others", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const [bo, cy] = [await h.signUpUser(), await h.signUpUser()];
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id });

    const anonymous = await h.caller(null);
    await ann.caller.groups.update({ groupId: group.id, description: "The even side, 2 to 40" });
    expect(await anonymous.groupLinks.joinPage({ token })).toEqual({
      group: { id: group.id, name: "Maple Street", memberCount: 1, description: "The even side, 2 to 40", rules: null },
      inviterName: "Ann Lee",
      invitedEmail: null,
      alreadyMember: false,
      approval: false,
      requested: false,
    });
    const joined = await bo.caller.invitations.joinByToken({ token });
    expect(joined).toMatchObject({ id: group.id, name: "Maple Street", memberCount: 2 });
    await cy.caller.invitations.joinByToken({ token });
    expect(await bo.caller.groupLinks.joinPage({ token })).toMatchObject({
      group: { memberCount: 3 },
      alreadyMember: true,
    });
    expect(await failure(bo.caller.invitations.joinByToken({ token }))).toEqual({
      code: "CONFLICT",
      message: messages.alreadyMember,
    });
  });

  it("the join page shows an e-mail invitation's inviter and member count too", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const group = await createGroup(ann, "Maple Street");
    const invite = await ann.caller.invitations.create({ groupId: group.id, email: "new@example.com" });
    expect(await (await h.caller(null)).groupLinks.joinPage({ token: invite.token })).toEqual({
      group: { id: group.id, name: "Maple Street", memberCount: 1, description: null, rules: null },
      inviterName: "Ann Lee",
      // Only that address may join with it: the page says so to anyone else (PRODUCT "What is checked").
      invitedEmail: "new@example.com",
      alreadyMember: false,
      approval: false,
      requested: false,
    });
  });

  it("stops working when it expires (fake clock) or is revoked: 'This invitation link is invalid or has expired.'", async () => {
    const ann = await h.signUpUser();
    const [bo, cy] = [await h.signUpUser(), await h.signUpUser()];
    const group = await createGroup(ann);
    const daily = await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 1 });
    const weekly = await ann.caller.groupLinks.create({ groupId: group.id });

    h.clock.advance(DAY_MS - 1);
    await bo.caller.invitations.joinByToken({ token: daily.token });
    h.clock.advance(1);
    expect(await failure(cy.caller.invitations.joinByToken({ token: daily.token }))).toEqual(invalidLink);
    expect(await failure(cy.caller.groupLinks.joinPage({ token: daily.token }))).toEqual(invalidLink);

    await ann.caller.groupLinks.revoke({ groupId: group.id, linkId: weekly.id });
    expect(await failure(cy.caller.invitations.joinByToken({ token: weekly.token }))).toEqual(invalidLink);
    expect(await failure(ann.caller.groupLinks.revoke({ groupId: group.id, linkId: weekly.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.groupLinkNotFound,
    });
    expect(await ann.caller.groupLinks.list({ groupId: group.id })).toEqual([]);
  });

  it("respects the 20-member cap and the joined-groups limit", async () => {
    const ann = await h.signUpUser();
    const { group } = await groupOfSize(h, ann, 20);
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id });
    const late = await h.signUpUser();
    expect(await failure(late.caller.invitations.joinByToken({ token }))).toEqual({
      code: "CONFLICT",
      message: messages.groupFull,
    });

    const busy = await h.signUpUser();
    for (let i = 0; i < 5; i++) {
      const owner = await h.signUpUser();
      const other = await createGroup(owner, `Street ${i}`);
      await busy.caller.invitations.joinByToken({
        token: (await owner.caller.groupLinks.create({ groupId: other.id })).token,
      });
    }
    const owner = await h.signUpUser();
    const sixth = await createGroup(owner, "Sixth");
    const link = await owner.caller.groupLinks.create({ groupId: sixth.id });
    expect(await failure(busy.caller.invitations.joinByToken({ token: link.token }))).toEqual({
      code: "CONFLICT",
      message: limitMessage("groups joined", 5, 5),
    });
  });

  it("counts tokens that name nothing against the IP, like the other tokens", async () => {
    await h.restart({ config: { rateLimitMultiplier: 1 } });
    const bo = await h.signUpUser();
    const guesser = await h.caller(bo.token, { ip: "198.51.100.7" });
    for (let i = 0; i < 30; i++)
      expect(await failure(guesser.invitations.joinByToken({ token: `guess${i}` }))).toMatchObject({
        code: "NOT_FOUND",
      });
    expect(await failure(guesser.groupLinks.joinPage({ token: "guess-more" }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: messages.tooManyRequests,
    });
    // Another address is not held back.
    expect(
      await failure((await h.caller(null, { ip: "198.51.100.8" })).groupLinks.joinPage({ token: "x" })),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("a link that needs approval", () => {
  it("asks the owner, who hears by e-mail, approves; the person is told and is in", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const bo = await h.signUpUser({ name: "Bo Park" });
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });

    expect(await bo.caller.groupLinks.joinPage({ token })).toMatchObject({ approval: true, requested: false });
    expect(await bo.caller.invitations.joinByToken({ token })).toEqual({ pending: true });
    // Asking twice is one request.
    expect(await bo.caller.invitations.joinByToken({ token })).toEqual({ pending: true });
    expect(await bo.caller.groupLinks.joinPage({ token })).toMatchObject({ requested: true, alreadyMember: false });
    expect((await bo.caller.groups.list()).map((g) => g.id)).not.toContain(group.id);

    const requests = await ann.caller.groupLinks.joinRequests({ groupId: group.id });
    expect(requests).toEqual([
      {
        id: expect.any(String),
        groupId: group.id,
        userId: bo.user.id,
        name: "Bo Park",
        email: bo.email,
        createdAt: h.clock.now(),
      },
    ]);
    // The same, among every group the owner has, in one call (the Groups page's first batch).
    expect(await ann.caller.groupLinks.incomingJoinRequests()).toEqual(requests);
    expect(await bo.caller.groupLinks.incomingJoinRequests()).toEqual([]);
    await h.deliver();
    const toOwner = h.inbox(ann.email).filter((m) => m.subject.includes("asked to join"));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe('Bo Park asked to join "Maple Street"');

    await ann.caller.groupLinks.approve({ groupId: group.id, joinRequestId: requests[0]!.id });
    expect((await bo.caller.groups.list()).map((g) => g.id)).toContain(group.id);
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toEqual([]);
    await h.deliver();
    expect(h.inbox(bo.email).map((m) => m.subject)).toContain('You are in "Maple Street"');
    expect(await failure(ann.caller.groupLinks.approve({ groupId: group.id, joinRequestId: requests[0]!.id }))).toEqual(
      {
        code: "NOT_FOUND",
        message: messages.joinRequestNotFound,
      },
    );
  });

  it("declined, the person stays out and is told", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });
    await bo.caller.invitations.joinByToken({ token });
    const [request] = await ann.caller.groupLinks.joinRequests({ groupId: group.id });
    expect(await failure(bo.caller.groupLinks.decline({ groupId: group.id, joinRequestId: request!.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCreatorsInvite,
    });
    await ann.caller.groupLinks.decline({ groupId: group.id, joinRequestId: request!.id });
    expect((await bo.caller.groups.list()).map((g) => g.id)).not.toContain(group.id);
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toEqual([]);
    await h.deliver();
    expect(h.inbox(bo.email).map((m) => m.subject)).toContain('Your request to join "Maple Street"');
  });

  it("an owner who turned invitation e-mails off is not e-mailed, and the request still waits", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser({ name: "Bo Park" });
    const group = await createGroup(ann, "Maple Street");
    await ann.caller.user.updateNotificationKind({ kind: "invitations", email: false });
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });
    await bo.caller.invitations.joinByToken({ token });
    await h.deliver();
    expect(h.inbox(ann.email).filter((m) => m.subject.includes("asked to join"))).toEqual([]);
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toHaveLength(1);
  });
});
