import { hashToken, readDashboardFreshness, readGroupFreshness } from "@hyn/core";
import { users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, listen, type Neighbour } from "./support";

/**
 * Blocking a member (issue 29, PRODUCT "Blocking"): each rule below fails without its part of
 * `noBlockBetween` (core shared/blocks.ts) or of the service.
 */
const h = useHarness();
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;
let street: { id: string };

beforeEach(async () => {
  [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
  street = await groupWith(h, ann, [bo, cy]);
});

const post = (who: Neighbour, itemDescription = "Milk") =>
  who.caller.requests.create({ groupId: street.id, itemDescription, neededBy: h.inHours(24) });
const items = (list: { itemDescription: string }[]) => list.map((r) => r.itemDescription).sort();

const notFound = { code: "NOT_FOUND", message: messages.userNotFound };
const notClaimable = { code: "CONFLICT", message: messages.requestNotClaimable };

describe("blocking a member", () => {
  it("hides each one's requests from the other's dashboard, group list and request page, and from nobody else", async () => {
    const bread = await post(ann, "Bread");
    const eggs = await post(bo, "Eggs");
    await post(cy, "Tea");
    await ann.caller.blocks.block({ id: bo.user.id });

    for (const [reader, hidden] of [
      [ann, eggs],
      [bo, bread],
    ] as const) {
      const dashboard = await reader.caller.requests.dashboard();
      expect(items(dashboard.helpableRequests)).toEqual(["Tea"]);
      expect(items((await reader.caller.requests.forGroup({ groupId: street.id })).requests)).toEqual(
        items([dashboard.myRequests[0]!, { itemDescription: "Tea" }]),
      );
      expect(await failure(reader.caller.requests.byId({ id: hidden.id }))).toEqual({
        code: "NOT_FOUND",
        message: messages.requestNotFound,
      });
    }
    // Cy sees everyone's, and both still see their own.
    expect(items((await cy.caller.requests.dashboard()).helpableRequests)).toEqual(["Bread", "Eggs"]);
    expect(items((await bo.caller.requests.dashboard()).myRequests)).toEqual(["Eggs"]);
  });

  it("refuses a claim either way with the text a taken request gets, and unblocking lets it through", async () => {
    const bread = await post(ann, "Bread");
    const eggs = await post(bo, "Eggs");
    await bo.caller.blocks.block({ id: ann.user.id });
    expect(await failure(ann.caller.requests.claim({ id: eggs.id }))).toEqual(notClaimable);
    expect(await failure(bo.caller.requests.claim({ id: bread.id }))).toEqual(notClaimable);
    await bo.caller.blocks.unblock({ id: ann.user.id });
    expect((await ann.caller.requests.claim({ id: eggs.id })).claimedBy).toBe(ann.user.id);
    expect((await bo.caller.requests.claim({ id: bread.id })).claimedBy).toBe(bo.user.id);
  });

  it("leaves a claim made before the block with its helper, who can still finish it", async () => {
    const bread = await post(ann, "Bread");
    await bo.caller.requests.claim({ id: bread.id });
    await ann.caller.blocks.block({ id: bo.user.id });
    expect(items((await bo.caller.requests.dashboard()).helpableRequests)).toEqual(["Bread"]);
    expect((await bo.caller.requests.byId({ id: bread.id })).status).toBe("claimed");
    expect((await bo.caller.requests.fulfill({ id: bread.id })).status).toBe("fulfilled");
  });

  it("removes nobody from the group and tells nobody", async () => {
    await ann.caller.blocks.block({ id: bo.user.id });
    const members = await cy.caller.groups.members({ groupId: street.id });
    expect(members.map((m) => m.id).sort()).toEqual([ann.user.id, bo.user.id, cy.user.id].sort());
    await h.deliver();
    expect(h.inbox(bo.email).filter((m) => /block/i.test(m.subject + m.text))).toEqual([]);
  });

  it("keeps the blocked person's new requests from the blocker's notices and counts, and the other way", async () => {
    await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await bo.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await cy.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await ann.caller.blocks.block({ id: bo.user.id });
    const eggs = await post(bo, "Eggs");
    const bread = await post(ann, "Bread");
    expect(eggs.reach.now).toBe(1);
    expect(bread.reach.now).toBe(1);
    await h.deliver();
    expect(h.inbox(ann.email).some((m) => m.subject.includes("Eggs"))).toBe(false);
    expect(h.inbox(bo.email).some((m) => m.subject.includes("Bread"))).toBe(false);
    expect(h.inbox(cy.email).filter((m) => /Eggs|Bread/.test(m.subject))).toHaveLength(2);
  });

  it("is 'User not found' for oneself, someone sharing no group, and an unblock of no block", async () => {
    const [olga] = await h.neighbours("Olga");
    expect(await failure(ann.caller.blocks.block({ id: ann.user.id }))).toEqual(notFound);
    expect(await failure(ann.caller.blocks.block({ id: olga!.user.id }))).toEqual(notFound);
    expect(await failure(ann.caller.blocks.unblock({ id: bo.user.id }))).toEqual(notFound);
    expect(await ann.caller.blocks.list()).toEqual([]);
  });

  it("lists whom the caller blocked, newest first, once however often they block, until unblocked", async () => {
    await ann.caller.blocks.block({ id: bo.user.id });
    h.clock.advance(60_000);
    await ann.caller.blocks.block({ id: cy.user.id });
    await ann.caller.blocks.block({ id: cy.user.id });
    expect(await ann.caller.blocks.list()).toEqual([
      { id: cy.user.id, name: "Cy", blockedAt: expect.any(Date) },
      { id: bo.user.id, name: "Bo", blockedAt: expect.any(Date) },
    ]);
    expect(await bo.caller.blocks.list()).toEqual([]);
    await ann.caller.blocks.unblock({ id: cy.user.id });
    expect((await ann.caller.blocks.list()).map((b) => b.id)).toEqual([bo.user.id]);
  });

  it("shows a blocked person without a name by address only while a group is shared", async () => {
    // An account that never gave a name (sign-up allows it; the profile asks for one).
    await h.db.update(users).set({ name: "" }).where(eq(users.id, bo.user.id));
    await ann.caller.blocks.block({ id: bo.user.id });
    expect((await ann.caller.blocks.list())[0]!.name).toBe(bo.email);
    await bo.caller.groups.leave({ groupId: street.id });
    expect(await ann.caller.blocks.list()).toEqual([{ id: bo.user.id, name: "", blockedAt: expect.any(Date) }]);
    // Unblocking still works after they left.
    await ann.caller.blocks.unblock({ id: bo.user.id });
    expect(await ann.caller.blocks.list()).toEqual([]);
  });

  it("empties both people's cached dashboards, and their group list is built for them alone", async () => {
    const read = async (who: Neighbour, groupId?: string) => {
      const sessionId = hashToken(who.token);
      return groupId
        ? readGroupFreshness(h.db, sessionId, groupId, null)
        : readDashboardFreshness(h.db, sessionId, null);
    };
    const before = await Promise.all([read(ann), read(bo), read(cy)]);
    expect((await read(ann, street.id))!).toMatchObject({ isMember: true, inBlock: false });
    await ann.caller.blocks.block({ id: bo.user.id });
    const changed = async (who: Neighbour, snapshot: string) =>
      (await readDashboardFreshness(h.db, hashToken(who.token), snapshot))!.changed;
    expect(await changed(ann, before[0]!.snapshot)).toBe(true);
    expect(await changed(bo, before[1]!.snapshot)).toBe(true);
    expect(await read(ann, street.id)).toMatchObject({ inBlock: true });
    expect(await read(bo, street.id)).toMatchObject({ inBlock: true });
    expect(await read(cy, street.id)).toMatchObject({ inBlock: false });
    const snapshot = (await read(ann))!.snapshot;
    await ann.caller.blocks.unblock({ id: bo.user.id });
    expect(await changed(bo, snapshot)).toBe(true);
    expect(await read(ann, street.id)).toMatchObject({ inBlock: false });
  });

  it("keeps the dashboard at four statements and a group's list at two, and blocks, unblocks and lists in one each", async () => {
    await post(bo, "Eggs");
    const count = async (read: () => Promise<unknown>) => {
      const before = h.handle.statementCount();
      await read();
      return h.handle.statementCount() - before;
    };
    const dashboard = await count(() => ann.caller.requests.dashboard());
    const list = await count(() => ann.caller.requests.forGroup({ groupId: street.id }));
    expect(await count(() => ann.caller.blocks.block({ id: bo.user.id }))).toBeLessThanOrEqual(2);
    expect(await count(() => ann.caller.requests.dashboard())).toBe(dashboard);
    expect(await count(() => ann.caller.requests.forGroup({ groupId: street.id }))).toBe(list);
    expect(dashboard).toBeLessThanOrEqual(4);
    expect(list).toBe(2);
    expect(await count(() => ann.caller.blocks.list())).toBe(1);
    expect(await count(() => ann.caller.blocks.unblock({ id: bo.user.id }))).toBe(1);
  });

  it("is in the blocker's data export, and not in the blocked person's", async () => {
    await ann.caller.blocks.block({ id: bo.user.id });
    expect((await ann.caller.user.exportData()).blocked).toEqual([{ userId: bo.user.id, blockedAt: h.clock.now() }]);
    expect((await bo.caller.user.exportData()).blocked).toEqual([]);
  });

  it("keeps each one's request and trip events off the other's live stream, both ways, from the block until the unblock", async () => {
    const annLive = await listen(h.services, ann.token);
    const boLive = await listen(h.services, bo.token);
    expect(await annLive.next()).toEqual({ type: "connected" });
    expect(await boLive.next()).toEqual({ type: "connected" });
    // Streams opened before the block learn of it.
    await ann.caller.blocks.block({ id: bo.user.id });
    const eggs = await post(bo, "Eggs");
    await bo.caller.trips.create({ groupIds: [street.id], store: "Aldi", departsAt: h.inHours(24) });
    const bread = await post(ann, "Bread");
    const tea = await post(cy, "Tea");
    // The requester's own streams hear that it is theirs (issue 43).
    const created = (request: { id: string }, mine = false) => ({
      type: "request.created",
      requestId: request.id,
      groupId: street.id,
      ...(mine ? { mine } : {}),
    });
    // Each one's next event is the next one they may see: nothing of the other's came first.
    expect(await annLive.next()).toEqual(created(bread, true));
    expect(await annLive.next()).toEqual(created(tea));
    expect(await boLive.next()).toEqual(created(eggs, true));
    expect(await boLive.next()).toMatchObject({ type: "trip.changed" });
    expect(await boLive.next()).toEqual(created(tea));
    await ann.caller.blocks.unblock({ id: bo.user.id });
    const jam = await post(bo, "Jam");
    expect(await annLive.next()).toEqual(created(jam));
    annLive.stop();
    boLive.stop();
  });

  it("ends the helper's every time across a block: the next occurrence is posted open, and unheard by them", async () => {
    const weekly = await ann.caller.requests.create({
      groupId: street.id,
      itemDescription: "Oat milk",
      neededBy: h.inHours(24),
      repeat: { every: "week" },
    });
    await bo.caller.requestSeries.take({ id: weekly.seriesId! });
    await ann.caller.blocks.block({ id: bo.user.id });
    // The occurrence Bo had taken stays his to finish, as any claim made before the block.
    await bo.caller.requests.fulfill({ id: weekly.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const next = (await ann.caller.requestSeries.byId({ id: weekly.seriesId! })).current!;
    expect(next).toMatchObject({ status: "open", claimedBy: null });
    expect(items((await bo.caller.requests.dashboard()).helpableRequests)).toEqual([]);
  });

  it("hides each one's trips from the other's dashboard and trips list, both ways", async () => {
    await ann.caller.trips.create({ groupIds: [street.id], store: "Aldi", departsAt: h.inHours(24) });
    await bo.caller.trips.create({ groupIds: [street.id], store: "Rewe", departsAt: h.inHours(24) });
    await bo.caller.blocks.block({ id: ann.user.id });
    for (const [reader, own] of [
      [ann, "Aldi"],
      [bo, "Rewe"],
    ] as const) {
      expect((await reader.caller.requests.dashboard()).trips.map((t) => t.store)).toEqual([own]);
      expect((await reader.caller.trips.list()).map((t) => t.store)).toEqual([own]);
    }
    expect((await cy.caller.trips.list()).map((t) => t.store).sort()).toEqual(["Aldi", "Rewe"]);
  });
});
