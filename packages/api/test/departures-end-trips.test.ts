/**
 * Issue 38 §3: what a suspension and a departure end (PRODUCT "Departures", "Suspension"; ADR 0022).
 * A suspended or deleted tripper's open trips are cancelled; one who leaves or is removed from a group
 * takes their trips out of it (cancelled when it was the last of the trip's groups they are in). Either
 * way the items go back to their neighbours as open requests, each told as a cancelled trip tells them.
 * A suspended account cannot set a password through a reset link, and a removed member who comes back
 * by a link waits for the owner.
 */
import { groupMembers, trips, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness, type Neighbour } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

const givenBack = (item: string) => `Tina can no longer help with your request: ${item}`;
const subjectsSince = (who: Neighbour, before: number) =>
  h
    .inbox(who.email)
    .slice(before)
    .map((m) => m.subject);
const dashboardTrips = async (who: Neighbour) => (await who.caller.requests.dashboard()).trips.map((t) => t.id);
const statusOf = async (tripId: string) =>
  (await h.db.select({ status: trips.status }).from(trips).where(eq(trips.id, tripId)))[0]?.status;

/** Tina's trip to Aldi in Elm Street (owned by Olga), with Ann's oat milk on it. */
async function street() {
  const [olga, tina, ann] = await h.neighbours("Olga", "Tina", "Ann");
  const group = await groupWith(h, olga, [tina, ann], "Elm Street");
  const trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(24) });
  const item = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk" });
  await h.deliver();
  return { olga, tina, ann, group, trip, item, before: h.inbox(ann.email).length };
}

/** The trip is over for its neighbours: cancelled, off the dashboard and the list, the item open and told. */
async function expectEnded(s: Awaited<ReturnType<typeof street>>) {
  expect(await s.ann.caller.requests.byId({ id: s.item.id })).toMatchObject({
    status: "open",
    tripId: null,
    claimedBy: null,
    itemDescription: "Oat milk",
  });
  await h.deliver();
  expect(subjectsSince(s.ann, s.before)).toEqual([givenBack("Oat milk")]);
  expect(await dashboardTrips(s.ann)).toEqual([]);
  expect(await s.ann.caller.trips.list()).toEqual([]);
}

// Each test signs up four or five accounts (a password hash each) on a shared machine.
describe("a suspended tripper", { timeout: 60_000 }, () => {
  it("has their open trips cancelled: the items go back to their neighbours, who are told, and none can be added", async () => {
    const s = await street();
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const outcome = await admin.caller.admin.suspendUser({ id: s.tina.user.id, reason: "Spam" });
    expect(outcome.reopenedClaims).toBe(1);
    expect(await statusOf(s.trip.id)).toBe("cancelled");
    await expectEnded(s);
    expect(await failure(s.ann.caller.trips.addItem({ tripId: s.trip.id, itemDescription: "Tea" }))).toEqual({
      code: "CONFLICT",
      message: messages.tripNotTakingItems,
    });
  });

  it("takes no item on a trip of theirs left open, whatever the trip's row says", async () => {
    const s = await street();
    // A suspension from before trips were ended with it left this trip open.
    await h.db.update(users).set({ suspendedAt: h.clock.now() }).where(eq(users.id, s.tina.user.id));
    expect(await failure(s.ann.caller.trips.addItem({ tripId: s.trip.id, itemDescription: "Tea" }))).toEqual({
      code: "CONFLICT",
      message: messages.tripNotTakingItems,
    });
  });

  it("cannot set a password through a reset link: 403 with the suspension's text, no session, the password unchanged", async () => {
    const s = await street();
    const anon = await h.caller();
    await anon.auth.requestPasswordReset({ email: s.tina.email });
    const token = (await h.linkFor(s.tina.email, /type=recovery/)).searchParams.get("token_hash")!;
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    await admin.caller.admin.suspendUser({ id: s.tina.user.id, reason: "Spam" });

    expect(await failure(anon.auth.completePasswordReset({ token, password: "brand-new-secret" }))).toEqual({
      code: "FORBIDDEN",
      message: messages.accountSuspended,
    });
    expect(anon.cookie.token).toBeNull();
    await admin.caller.admin.reinstateUser({ id: s.tina.user.id });
    expect(await failure(anon.auth.signIn({ email: s.tina.email, password: "brand-new-secret" }))).toMatchObject({
      message: messages.invalidCredentials,
    });
    expect((await anon.auth.signIn({ email: s.tina.email, password: s.tina.password })).session).toBeTruthy();
  });
});

describe("a suspended account not yet confirmed", { timeout: 60_000 }, () => {
  it("cannot be signed in by its confirmation link: 403 with the suspension's text, no session, the link kept", async () => {
    const anon = await h.caller();
    const { user } = await anon.auth.signUp({ email: "sam@example.com", password: "sam-secret-1", name: "Sam" });
    const token = (await h.linkFor("sam@example.com", /type=signup/)).searchParams.get("token_hash")!;
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    await admin.caller.admin.suspendUser({ id: user.id, reason: "Spam" });

    expect(await failure(anon.auth.verifyEmail({ token_hash: token }))).toEqual({
      code: "FORBIDDEN",
      message: messages.accountSuspended,
    });
    expect(anon.cookie.token).toBeNull();
    await admin.caller.admin.reinstateUser({ id: user.id });
    expect((await anon.auth.verifyEmail({ token_hash: token })).session).toBeTruthy();
  });
});

describe("a tripper who departs a group", () => {
  it("who leaves it has a trip announced only there cancelled, its items given back and told", async () => {
    const s = await street();
    await s.tina.caller.groups.leave({ groupId: s.group.id });
    expect(await statusOf(s.trip.id)).toBe("cancelled");
    await expectEnded(s);
    expect(await failure(s.ann.caller.trips.addItem({ tripId: s.trip.id, itemDescription: "Tea" }))).toEqual({
      code: "CONFLICT",
      message: messages.tripNotTakingItems,
    });
  });

  it("who is removed from it has a trip announced only there cancelled, its items given back and told", async () => {
    const s = await street();
    await s.olga.caller.groups.removeMember({ groupId: s.group.id, userId: s.tina.user.id });
    expect(await statusOf(s.trip.id)).toBe("cancelled");
    await expectEnded(s);
  });

  it("takes a trip announced to other groups out of that group only: its items there given back, the rest stay", async () => {
    const [olga, tina, ann, bo] = await h.neighbours("Olga", "Tina", "Ann", "Bo");
    const elm = await groupWith(h, olga, [tina, ann], "Elm Street");
    const oak = await groupWith(h, bo, [tina], "Oak Street");
    const trip = await tina.caller.trips.create({
      groupIds: [elm.id, oak.id],
      store: "Aldi",
      departsAt: h.inHours(24),
    });
    const milk = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk" });
    const bread = await bo.caller.trips.addItem({ tripId: trip.id, itemDescription: "Bread" });
    await h.deliver();
    const [annBefore, boBefore] = [h.inbox(ann.email).length, h.inbox(bo.email).length];

    await olga.caller.groups.removeMember({ groupId: elm.id, userId: tina.user.id });
    expect(await statusOf(trip.id)).toBe("open");
    expect(await ann.caller.requests.byId({ id: milk.id })).toMatchObject({ status: "open", tripId: null });
    expect(await bo.caller.requests.byId({ id: bread.id })).toMatchObject({ status: "claimed", tripId: trip.id });
    expect((await tina.caller.trips.byId({ tripId: trip.id })).groupIds).toEqual([oak.id]);
    expect(await dashboardTrips(ann)).toEqual([]);
    expect(await ann.caller.trips.list()).toEqual([]);
    expect(await dashboardTrips(bo)).toEqual([trip.id]);
    expect(await failure(ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    await h.deliver();
    expect(subjectsSince(ann, annBefore)).toEqual([givenBack("Oat milk")]);
    expect(subjectsSince(bo, boBefore)).toEqual([]);
  });

  it("who deletes their account has every open trip cancelled first, its items given back and told", async () => {
    const s = await street();
    await s.tina.caller.user.deleteAccount({ password: s.tina.password });
    expect(await s.ann.caller.requests.byId({ id: s.item.id })).toMatchObject({ status: "open", tripId: null });
    await h.deliver();
    expect(subjectsSince(s.ann, s.before)).toEqual([givenBack("Oat milk")]);
    expect(await dashboardTrips(s.ann)).toEqual([]);
  });
});

describe("a removed member coming back", () => {
  const member = (groupId: string, userId: string) =>
    h.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));

  it("waits for the owner's approval through a link that lets anyone else in at once", async () => {
    const [olga, tina, cy] = await h.neighbours("Olga", "Tina", "Cy");
    const group = await groupWith(h, olga, [tina], "Elm Street");
    const link = await olga.caller.groupLinks.create({ groupId: group.id });
    await olga.caller.groups.removeMember({ groupId: group.id, userId: tina.user.id });

    expect(await tina.caller.invitations.joinByToken({ token: link.token })).toEqual({ pending: true });
    expect(await member(group.id, tina.user.id)).toEqual([]);
    expect(await tina.caller.invitations.joinByToken({ token: link.token })).toEqual({ pending: true });
    // Someone never removed still joins at once.
    expect(await cy.caller.invitations.joinByToken({ token: link.token })).toMatchObject({ id: group.id });

    const [asked] = await olga.caller.groupLinks.joinRequests({ groupId: group.id });
    expect(asked).toMatchObject({ userId: tina.user.id });
    await olga.caller.groupLinks.approve({ groupId: group.id, joinRequestId: asked!.id });
    expect(await member(group.id, tina.user.id)).toHaveLength(1);
    // Approved, the removal is forgiven: leaving and coming back is an ordinary join again.
    await tina.caller.groups.leave({ groupId: group.id });
    expect(await tina.caller.invitations.joinByToken({ token: link.token })).toMatchObject({ id: group.id });
  });

  it("joins at once by an invitation the owner sends to their address after the removal", async () => {
    const [olga, tina] = await h.neighbours("Olga", "Tina");
    const group = await groupWith(h, olga, [tina], "Elm Street");
    await olga.caller.groups.removeMember({ groupId: group.id, userId: tina.user.id });
    const invite = await olga.caller.invitations.create({ groupId: group.id, email: tina.email });
    expect(await tina.caller.invitations.joinByToken({ token: invite.token })).toMatchObject({ id: group.id });
    const link = await olga.caller.groupLinks.create({ groupId: group.id });
    await tina.caller.groups.leave({ groupId: group.id });
    expect(await tina.caller.invitations.joinByToken({ token: link.token })).toMatchObject({ id: group.id });
  });
});
