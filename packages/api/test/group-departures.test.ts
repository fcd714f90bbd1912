import { readFile } from "node:fs/promises";
import path from "node:path";
import { migrationsFolder } from "@hyn/db";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, listen } from "./support";

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
