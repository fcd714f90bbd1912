/**
 * Issue 43: asking to join is seen from both sides. The person waiting sees whom they wait for, may take
 * the request back, and hears the answer live; a declined person waits 7 days before asking again; the
 * owner is not e-mailed twice in a minute. Approval is per link: the owner may revoke every link that joins
 * at once, and hears (kind `link_joins`, which they may switch off) when someone joins by one.
 */
import { DAY_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { createGroup, failure, useHarness } from "./support";
import { listen } from "./support/live";

const h = useHarness();

async function ownerWithApprovalLink(name = "Maple Street") {
  const ann = await h.signUpUser({ name: "Ann Lee" });
  const group = await createGroup(ann, name);
  const { token } = await ann.caller.groupLinks.create({ groupId: group.id, approval: true, expiresInDays: 30 });
  return { ann, group, token };
}

const askedToJoin = (inbox: { subject: string }[]) => inbox.filter((m) => m.subject.includes("asked to join"));

describe("waiting to be let in", () => {
  it("the person asking sees the group and whom they wait for; withdrawn, it leaves the owner's list", async () => {
    const { ann, group, token } = await ownerWithApprovalLink();
    const bo = await h.signUpUser({ name: "Bo Park" });
    expect(await bo.caller.groupLinks.waiting()).toEqual([]);
    await bo.caller.invitations.joinByToken({ token });
    expect(await bo.caller.groupLinks.waiting()).toEqual([
      { groupId: group.id, groupName: "Maple Street", ownerName: "Ann Lee", askedAt: h.clock.now() },
    ]);
    // Nobody else sees it as theirs.
    expect(await ann.caller.groupLinks.waiting()).toEqual([]);

    await bo.caller.groupLinks.withdraw({ groupId: group.id });
    expect(await bo.caller.groupLinks.waiting()).toEqual([]);
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toEqual([]);
    expect(await ann.caller.groupLinks.incomingJoinRequests()).toEqual([]);
    expect(await bo.caller.groupLinks.joinPage({ token })).toMatchObject({ requested: false });
    expect(await failure(bo.caller.groupLinks.withdraw({ groupId: group.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.joinRequestNotFound,
    });
  });

  it("asking, withdrawing and asking again within a minute e-mails the owner once; a minute later, again", async () => {
    const { ann, group, token } = await ownerWithApprovalLink();
    const bo = await h.signUpUser({ name: "Bo Park" });
    await bo.caller.invitations.joinByToken({ token });
    await bo.caller.groupLinks.withdraw({ groupId: group.id });
    h.clock.advance(59_000);
    expect(await bo.caller.invitations.joinByToken({ token })).toEqual({ pending: true });
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toHaveLength(1);
    await h.deliver();
    expect(askedToJoin(h.inbox(ann.email))).toHaveLength(1);

    await bo.caller.groupLinks.withdraw({ groupId: group.id });
    h.clock.advance(60_000);
    await bo.caller.invitations.joinByToken({ token });
    await h.deliver();
    expect(askedToJoin(h.inbox(ann.email))).toHaveLength(2);
  });

  it("declined, the person cannot ask again for 7 days, then can", async () => {
    const { ann, group, token } = await ownerWithApprovalLink();
    const bo = await h.signUpUser();
    await bo.caller.invitations.joinByToken({ token });
    const [request] = await ann.caller.groupLinks.joinRequests({ groupId: group.id });
    await ann.caller.groupLinks.decline({ groupId: group.id, joinRequestId: request!.id });
    expect(await bo.caller.groupLinks.waiting()).toEqual([]);

    h.clock.advance(7 * DAY_MS - 1);
    expect(await failure(bo.caller.invitations.joinByToken({ token }))).toEqual({
      code: "CONFLICT",
      message: messages.joinRequestDeclinedRecently,
    });
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toEqual([]);
    // Declined, it cannot be approved after all by an old id either.
    expect(await failure(ann.caller.groupLinks.approve({ groupId: group.id, joinRequestId: request!.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.joinRequestNotFound,
    });
    h.clock.advance(1);
    expect(await bo.caller.invitations.joinByToken({ token })).toEqual({ pending: true });
    expect(await ann.caller.groupLinks.joinRequests({ groupId: group.id })).toHaveLength(1);
  });

  it("the person waiting hears the answer live, and nobody else does", async () => {
    const { ann, group, token } = await ownerWithApprovalLink();
    const [bo, cy] = [await h.signUpUser(), await h.signUpUser()];
    await bo.caller.invitations.joinByToken({ token });
    await cy.caller.invitations.joinByToken({ token });
    const boLive = await listen(h.services, bo.token);
    const cyLive = await listen(h.services, cy.token);
    try {
      expect(await boLive.next()).toEqual({ type: "connected" });
      expect(await cyLive.next()).toEqual({ type: "connected" });
      const [first, second] = await ann.caller.groupLinks.joinRequests({ groupId: group.id });
      const boRequest = [first, second].find((r) => r!.userId === bo.user.id)!;
      await ann.caller.groupLinks.approve({ groupId: group.id, joinRequestId: boRequest.id });
      expect(await boLive.next()).toEqual({ type: "join.answered", groupId: group.id, approved: true });
      const cyRequest = [first, second].find((r) => r!.userId === cy.user.id)!;
      await ann.caller.groupLinks.decline({ groupId: group.id, joinRequestId: cyRequest.id });
      // Cy hears only their own answer, not Bo's.
      expect(await cyLive.next()).toEqual({ type: "join.answered", groupId: group.id, approved: false });
    } finally {
      boLive.stop();
      cyLive.stop();
    }
  });
});

describe("links that join at once", () => {
  it("the owner can revoke every link that joins at once, and only those", async () => {
    const ann = await h.signUpUser();
    const bo = await h.signUpUser();
    const group = await createGroup(ann);
    const atOnce = await ann.caller.groupLinks.create({ groupId: group.id });
    await ann.caller.groupLinks.create({ groupId: group.id, expiresInDays: 30 });
    const asking = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });
    expect(await failure(bo.caller.groupLinks.revokeJoiningAtOnce({ groupId: group.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyCreatorsInvite,
    });
    expect(await ann.caller.groupLinks.revokeJoiningAtOnce({ groupId: group.id })).toEqual({ revoked: 2 });
    expect((await ann.caller.groupLinks.list({ groupId: group.id })).map((l) => l.id)).toEqual([asking.id]);
    expect(await failure(bo.caller.invitations.joinByToken({ token: atOnce.token }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await ann.caller.groupLinks.revokeJoiningAtOnce({ groupId: group.id })).toEqual({ revoked: 0 });
  });

  it("the owner is told who joined by one, unless they switched that kind off", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const [bo, cy] = [await h.signUpUser({ name: "Bo Park" }), await h.signUpUser({ name: "Cy Diaz" })];
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id });
    await bo.caller.invitations.joinByToken({ token });
    await h.deliver();
    expect(h.inbox(ann.email).map((m) => m.subject)).toContain('Bo Park joined "Maple Street"');

    await ann.caller.user.updateNotificationKind({ kind: "link_joins", email: false });
    await cy.caller.invitations.joinByToken({ token });
    await h.deliver();
    expect(h.inbox(ann.email).filter((m) => m.subject.includes("joined"))).toHaveLength(1);
  });

  it("the e-mail of who joined by a link carries its unsubscribe link and header, which turn off just that kind", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const [bo, cy] = [await h.signUpUser({ name: "Bo Park" }), await h.signUpUser({ name: "Cy Diaz" })];
    const group = await createGroup(ann, "Maple Street");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id });
    await bo.caller.invitations.joinByToken({ token });
    await h.deliver();
    const mail = h.inbox(ann.email).find((m) => m.subject === 'Bo Park joined "Maple Street"')!;
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = mail.links.find((l) => /\/unsubscribe\//.test(l))!;
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(mail.text).toContain("Manage notifications: http://localhost:3000/profile#notifications");

    const anonymous = await h.caller(null);
    expect(await anonymous.unsubscribe.confirm({ token: new URL(link).pathname.split("/").at(-1)! })).toMatchObject({
      scope: { type: "kind", kind: "link_joins" },
      state: "stopped",
    });
    await cy.caller.invitations.joinByToken({ token });
    await h.deliver();
    expect(h.inbox(ann.email).filter((m) => m.subject.includes("joined"))).toHaveLength(1);
    const { kinds } = await ann.caller.user.notificationPreferences();
    expect(kinds.find((k) => k.kind === "link_joins")).toMatchObject({ email: false });
    expect(kinds.find((k) => k.kind === "invitations")).toMatchObject({ email: true });
  });
});
