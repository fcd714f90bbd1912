import { readFile } from "node:fs/promises";
import path from "node:path";
import { migrationsFolder } from "@hyn/db";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, useHarness, listen } from "./support";

const h = useHarness();

async function neighbours() {
  const [owner, helper] = await h.neighbours("Owner", "Helper");
  const group = await owner.caller.groups.create({ name: "Elm Street" });
  const invite = await owner.caller.invitations.create({ groupId: group.id, email: helper.email });
  await helper.caller.invitations.joinByToken({ token: invite.token });
  const request = await owner.caller.requests.create({
    groupId: group.id,
    itemDescription: "Milk",
    neededBy: h.inHours(24),
  });
  await helper.caller.requests.claim({ id: request.id });
  return { owner, helper, group, request };
}

describe("a helper who departs a group", () => {
  it("leaving puts the requests they had claimed there back to open", async () => {
    const { owner, helper, group, request } = await neighbours();
    await helper.caller.groups.leave({ groupId: group.id });
    const [mine] = (await owner.caller.requests.mine()).requests;
    expect(mine).toMatchObject({ id: request.id, status: "open", claimedBy: null, claimedAt: null });
  });

  it("being removed by the owner does the same", async () => {
    const { owner, helper, group, request } = await neighbours();
    await owner.caller.groups.removeMember({ groupId: group.id, userId: helper.user.id });
    const [mine] = (await owner.caller.requests.mine()).requests;
    expect(mine).toMatchObject({ id: request.id, status: "open", claimedBy: null });
    // And someone else can now offer to help.
    const other = await h.signUpUser();
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: other.email });
    await other.caller.invitations.joinByToken({ token: invite.token });
    expect((await other.caller.requests.claim({ id: request.id })).status).toBe("claimed");
  });
});

type Neighbours = Awaited<ReturnType<typeof neighbours>>;

describe("a helper who did a repeating request every time departs (issue 28 §2)", () => {
  it("leaving lets the series go, so another member may take it", async () => {
    const { owner, helper, group } = await neighbours();
    const milk = await owner.caller.requests.create({
      groupId: group.id,
      itemDescription: "Milk every week",
      neededBy: h.inHours(48),
      repeat: { every: "week" },
    });
    await helper.caller.requestSeries.take({ id: milk.seriesId! });
    await helper.caller.groups.leave({ groupId: group.id });
    expect(await owner.caller.requestSeries.byId({ id: milk.seriesId! })).toMatchObject({ helperId: null });

    const other = await h.signUpUser();
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: other.email });
    await other.caller.invitations.joinByToken({ token: invite.token });
    await expect(other.caller.requestSeries.take({ id: milk.seriesId! })).resolves.toMatchObject({
      helperId: other.user.id,
    });
  });
});

describe("every way of departing announces the reopened request live", () => {
  const departures = {
    leaving: ({ helper, group }: Neighbours) => helper.caller.groups.leave({ groupId: group.id }),
    "being removed": ({ owner, helper, group }: Neighbours) =>
      owner.caller.groups.removeMember({ groupId: group.id, userId: helper.user.id }),
    "deleting the account": ({ helper }: Neighbours) => helper.caller.user.deleteAccount({ password: helper.password }),
  };

  for (const [way, depart] of Object.entries(departures)) {
    it(`${way} tells the group the request is open again`, async () => {
      const setting = await neighbours();
      const ownerLive = await listen(h.services, setting.owner.token);
      expect(await ownerLive.next()).toEqual({ type: "connected" });
      await depart(setting);
      expect(await ownerLive.next()).toEqual({
        type: "request.unclaimed",
        requestId: setting.request.id,
        groupId: setting.group.id,
        mine: true,
      });
      ownerLive.stop();
    });
  }
});

describe("upgrading a database that the old race left claims in", () => {
  it("reopens a request claimed by someone no longer in its group, and keeps a member's claim (migration 0008)", async () => {
    const { owner, helper, group, request } = await neighbours();
    const elsewhere = await owner.caller.groups.create({ name: "Oak Road" });
    const invite = await owner.caller.invitations.create({ groupId: elsewhere.id, email: helper.email });
    await helper.caller.invitations.joinByToken({ token: invite.token });
    const kept = await owner.caller.requests.create({
      groupId: elsewhere.id,
      itemDescription: "Bread",
      neededBy: h.inHours(24),
    });
    await helper.caller.requests.claim({ id: kept.id });
    // As the race left it: the membership gone, the claim still standing.
    await h.db.execute(sql`DELETE FROM group_members WHERE group_id = ${group.id} AND user_id = ${helper.user.id}`);

    await h.db.execute(sql.raw(await readFile(path.join(migrationsFolder, "0008_reopen_orphaned_claims.sql"), "utf8")));

    const mine = (await owner.caller.requests.mine()).requests;
    expect(mine.find((r) => r.id === request.id)).toMatchObject({ status: "open", claimedBy: null, claimedAt: null });
    expect(mine.find((r) => r.id === kept.id)).toMatchObject({ status: "claimed" });
  });
});

/** Owner, helper and a third member; the helper has an open request and a claimed one in the group. */
async function helperWithRequests() {
  const setting = await neighbours();
  const { owner, helper, group } = setting;
  const open = await helper.caller.requests.create({
    groupId: group.id,
    itemDescription: "Eggs",
    neededBy: h.inHours(24),
  });
  const helped = await helper.caller.requests.create({
    groupId: group.id,
    itemDescription: "Flour",
    neededBy: h.inHours(24),
  });
  await owner.caller.requests.claim({ id: helped.id });
  return { ...setting, open, helped };
}

describe('a departing member\'s open requests are withdrawn (PRODUCT "Departures")', () => {
  const departures = {
    leaving: ({ helper, group }: Neighbours) => helper.caller.groups.leave({ groupId: group.id }),
    "being removed": ({ owner, helper, group }: Neighbours) =>
      owner.caller.groups.removeMember({ groupId: group.id, userId: helper.user.id }),
  };

  for (const [way, depart] of Object.entries(departures)) {
    it(`${way} takes their open request out of every list, live, and keeps the one someone is helping with`, async () => {
      const setting = await helperWithRequests();
      const { owner, helper, group, open, helped } = setting;
      // Answered once, so the answer cache holds a dashboard and a group list that show it.
      expect((await owner.caller.requests.dashboard()).helpableRequests.map((r) => r.id)).toContain(open.id);
      expect((await owner.caller.requests.forGroup({ groupId: group.id })).requests.map((r) => r.id)).toContain(
        open.id,
      );
      const ownerLive = await listen(h.services, owner.token);
      expect(await ownerLive.next()).toEqual({ type: "connected" });

      await depart(setting);

      // First the owner's request they had offered to help with comes back, then theirs goes.
      expect(await ownerLive.next()).toMatchObject({ type: "request.unclaimed", requestId: setting.request.id });
      expect(await ownerLive.next()).toEqual({ type: "request.deleted", requestId: open.id, groupId: group.id });
      ownerLive.stop();
      const dashboard = await owner.caller.requests.dashboard();
      expect(dashboard.helpableRequests.map((r) => r.id)).toEqual([helped.id]);
      const list = (await owner.caller.requests.forGroup({ groupId: group.id })).requests.map((r) => r.id);
      expect(list).not.toContain(open.id);
      expect(list).toContain(helped.id);
      expect((await helper.caller.requests.mine()).requests.map((r) => r.id)).toEqual([helped.id]);
      expect((await failure(owner.caller.requests.claim({ id: open.id }))).code).toBe("NOT_FOUND");
    });
  }

  it("a removed member is told, with the requests withdrawn, in their language; a member who left is not", async () => {
    const { owner, helper, group } = await helperWithRequests();
    await helper.caller.user.updateLocale({ locale: "de" });
    await owner.caller.groups.removeMember({ groupId: group.id, userId: helper.user.id });
    await h.deliver();
    const [mail] = h.inbox(helper.email).filter((m) => m.subject.includes("entfernt"));
    expect(mail!.subject).toBe("Du wurdest aus „Elm Street“ entfernt");
    expect(mail!.text).toContain("Deine offene Anfrage dort wurde zurückgezogen: Eggs");
    expect(mail!.text).not.toContain("Flour");

    const left = await neighbours();
    await h.deliver();
    const before = h.inbox(left.helper.email).length;
    await left.helper.caller.groups.leave({ groupId: left.group.id });
    await h.deliver();
    expect(h.inbox(left.helper.email).length).toBe(before);
  });

  it("a removed member who turned invitation e-mails off gets none", async () => {
    const { owner, helper, group } = await helperWithRequests();
    await helper.caller.user.updateNotificationKind({ kind: "invitations", email: false });
    await h.deliver();
    const before = h.inbox(helper.email).length;
    await owner.caller.groups.removeMember({ groupId: group.id, userId: helper.user.id });
    await h.deliver();
    expect(h.inbox(helper.email).length).toBe(before);
  });
});

describe('invitations outlive no sender\'s membership, and the owner holds them all (PRODUCT "Departures")', () => {
  it("a new owner is told, sees the invitation the former owner sent, and can cancel it", async () => {
    const { owner, helper, group } = await neighbours();
    const guest = await h.signUpUser();
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: guest.email });
    await owner.caller.groups.transferOwnership({ groupId: group.id, userId: helper.user.id });
    await h.deliver();
    const [told] = h.inbox(helper.email).filter((m) => m.subject.includes("owner"));
    expect(told!.subject).toBe('You are now the owner of "Elm Street"');
    expect(told!.text).toContain('Owner handed the group "Elm Street"');

    const sent = await helper.caller.invitations.outgoing();
    expect(sent).toEqual([expect.objectContaining({ id: invite.id, email: guest.email, inviterName: "Owner" })]);
    // The former owner's list also keeps the invitation the helper accepted (outcomes stay 7 days).
    const pendingOf = async (who: typeof owner) =>
      (await who.caller.invitations.outgoing()).filter((i) => i.outcome === "pending");
    expect(await pendingOf(owner)).toEqual([expect.objectContaining({ id: invite.id, inviterName: null })]);
    await helper.caller.invitations.cancel({ id: invite.id });
    expect(await pendingOf(owner)).toEqual([]);
    expect((await failure(guest.caller.invitations.joinByToken({ token: invite.token }))).code).toBe("NOT_FOUND");
  });

  it("a plain member still cannot cancel an invitation of the group", async () => {
    const { owner, helper, group } = await neighbours();
    const invite = await owner.caller.invitations.create({ groupId: group.id, email: "guest@example.com" });
    expect((await failure(helper.caller.invitations.cancel({ id: invite.id }))).code).toBe("FORBIDDEN");
  });

  it("the invitations a removed former owner sent die with the membership: he cannot rejoin through one", async () => {
    const { owner, helper, group } = await neighbours();
    const guest = await h.signUpUser();
    const pending = await owner.caller.invitations.create({ groupId: group.id, email: guest.email });
    // The former owner invites a second address of his own before handing the group over.
    const again = await owner.caller.invitations.create({ groupId: group.id, email: "owner-again@example.com" });
    await owner.caller.groups.transferOwnership({ groupId: group.id, userId: helper.user.id });
    await helper.caller.groups.removeMember({ groupId: group.id, userId: owner.user.id });

    expect(await helper.caller.invitations.outgoing()).toEqual([]);
    expect((await failure(owner.caller.invitations.joinByToken({ token: again.token }))).code).toBe("NOT_FOUND");
    expect((await failure(guest.caller.invitations.joinByToken({ token: pending.token }))).code).toBe("NOT_FOUND");
    expect((await helper.caller.groups.members({ groupId: group.id })).map((m) => m.id)).toEqual([helper.user.id]);
  });
});
