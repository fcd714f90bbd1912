import { userLimits } from "@hyn/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, inviteAndJoin, createGroup, type Neighbour } from "./support";

/**
 * Issue 6: SQL statements per call must not grow with data. The groups page's first batch (its four
 * queries) and the admin metrics are counted here with little data and with more; the dashboard and a
 * group's request list are counted in requests.test.ts.
 */
const h = useHarness({ scope: "file", config: { adminEmails: new Set(["ann@example.com"]) } });
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;

beforeAll(async () => {
  ann = await h.signUpUser({ email: "ann@example.com", name: "Ann" });
  [bo, cy] = await h.neighbours("Bo", "Cy");
  await h.db.update(userLimits).set({ maxOpenRequests: 100, maxGroupsCreated: 10, maxGroupsJoined: 10 });
});

async function statementsOf(read: () => Promise<unknown>) {
  const before = h.handle.statementCount();
  await read();
  return h.handle.statementCount() - before;
}

/** The groups page's first render: groups, limits, both invitation panels and the join requests to the owner. */
const groupsPage = (who: Neighbour) =>
  Promise.all([
    who.caller.groups.list(),
    who.caller.limits.withCounts(),
    who.caller.invitations.pending(),
    who.caller.invitations.outgoing(),
    who.caller.groupLinks.incomingJoinRequests(),
  ]);

describe("statements per call", () => {
  it("the groups page's first batch reads in the same few statements with one group or many, and many invitations", async () => {
    const first = await createGroup(ann, "First");
    await inviteAndJoin(ann, bo, first.id);
    const small = await statementsOf(() => groupsPage(ann));

    for (const name of ["Second", "Third", "Fourth"]) {
      const group = await createGroup(ann, name);
      await inviteAndJoin(ann, bo, group.id);
      await ann.caller.invitations.create({ groupId: group.id, email: cy.email });
      await ann.caller.invitations.create({ groupId: group.id, email: `someone-${name}@example.com` });
      const theirs = await createGroup(bo, `Bo's ${name}`);
      await bo.caller.invitations.create({ groupId: theirs.id, email: ann.email });
    }
    const [groups, , pending, outgoing] = await groupsPage(ann);
    expect(groups).toHaveLength(4);
    expect(pending).toHaveLength(3);
    expect(outgoing.length).toBeGreaterThanOrEqual(6);

    expect(await statementsOf(() => groupsPage(ann))).toBe(small);
    // One statement per query of the batch: groups, limits with their counts, each invitation panel, join requests.
    expect(small).toBeLessThanOrEqual(5);
  });

  it("a group's links and its join requests read in the same few statements with one or many (issue 27)", async () => {
    const group = await createGroup(ann, "Linked");
    const { token } = await ann.caller.groupLinks.create({ groupId: group.id, approval: true });
    const [dee, eve, fay] = await h.neighbours("Dee", "Eve", "Fay");
    await dee!.caller.invitations.joinByToken({ token });
    const links = () => ann.caller.groupLinks.list({ groupId: group.id });
    const requests = () => ann.caller.groupLinks.joinRequests({ groupId: group.id });
    const [fewLinks, fewRequests] = [await statementsOf(links), await statementsOf(requests)];

    for (let i = 0; i < 4; i++) await ann.caller.groupLinks.create({ groupId: group.id });
    for (const who of [eve!, fay!]) await who.caller.invitations.joinByToken({ token });
    expect(await links()).toHaveLength(5);
    expect(await requests()).toHaveLength(3);
    expect(await statementsOf(links)).toBe(fewLinks);
    expect(await statementsOf(requests)).toBe(fewRequests);
    // The owner check, the link key (kept in app_secrets: insert-if-missing and read), the links.
    expect(fewLinks).toBeLessThanOrEqual(4);
    // The owner check and the requests with their names.
    expect(fewRequests).toBeLessThanOrEqual(2);
  });

  it("the admin metrics read the same number of statements however many requests there are", async () => {
    const small = await statementsOf(() => ann.caller.admin.metrics());
    const group = await createGroup(bo, "Busy");
    await inviteAndJoin(bo, cy, group.id);
    for (let i = 0; i < 6; i++) {
      const posted = await cy.caller.requests.create({
        itemDescription: `Item ${i}`,
        groupId: group.id,
        neededBy: h.inHours(24),
      });
      if (i % 2) await bo.caller.requests.claim({ id: posted.id });
    }
    expect(await statementsOf(() => ann.caller.admin.metrics())).toBe(small);
    expect(small).toBeLessThanOrEqual(3);
  });

  it("the admin's report queue and audit log read in one statement each, with one report or many (issue 29)", async () => {
    const group = await createGroup(bo, "Reported");
    await inviteAndJoin(bo, cy, group.id);
    const report = (item: string) =>
      cy.caller.requests
        .create({ itemDescription: item, groupId: group.id, neededBy: h.inHours(24) })
        .then((posted) =>
          bo.caller.reports.create({ subject: { requestId: posted.id }, groupId: group.id, category: "spam" }),
        );
    await report("First");
    const few = await statementsOf(() => ann.caller.admin.reports());
    for (let i = 0; i < 5; i++) await report(`More ${i}`);
    await bo.caller.reports.create({ subject: { userId: cy.user.id }, groupId: group.id, category: "other" });
    expect(await statementsOf(() => ann.caller.admin.reports())).toBe(few);
    // The session check, if the caller's context reads it per call, and the one query.
    expect(few).toBeLessThanOrEqual(2);
    expect(await statementsOf(() => ann.caller.admin.audit())).toBeLessThanOrEqual(2);
  });

  it("a repeating request reads in the same few statements after one occurrence or many (issue 28)", async () => {
    const group = await createGroup(cy, "Weekly");
    await inviteAndJoin(cy, bo, group.id);
    const first = await cy.caller.requests.create({
      itemDescription: "Oat milk",
      groupId: group.id,
      neededBy: h.inHours(24),
      repeat: { every: "week" },
    });
    const seriesId = first.seriesId!;
    const few = await statementsOf(() => bo.caller.requestSeries.byId({ id: seriesId }));
    for (let i = 0; i < 4; i++) {
      const current = (await cy.caller.requestSeries.byId({ id: seriesId })).current!;
      await cy.caller.requests.remove({ id: current.id });
      await h.runDueSeries();
    }
    expect((await cy.caller.requestSeries.byId({ id: seriesId })).current?.neededBy).toEqual(
      new Date(new Date(first.neededBy).getTime() + 4 * 7 * 24 * 3_600_000),
    );
    expect(await statementsOf(() => bo.caller.requestSeries.byId({ id: seriesId }))).toBe(few);
    // The session check, the series, the reader's membership, the current occurrence and its card, in a transaction.
    expect(few).toBeLessThanOrEqual(7);
  });

  it("a trip's reads and its adding of an item take the same statements with one item or many (issue 28)", async () => {
    const group = await createGroup(ann, "Trip street");
    await inviteAndJoin(ann, bo, group.id);
    await inviteAndJoin(ann, cy, group.id);
    const trip = await ann.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(48) });
    const add = (who: Neighbour, item: string) => who.caller.trips.addItem({ tripId: trip.id, itemDescription: item });
    // One request for the same store, offered to the tripper to take along.
    await bo.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(30),
      storePreference: "Aldi",
    });
    await add(bo, "Milk");
    const reads = {
      list: () => bo.caller.trips.list(),
      asTripper: () => ann.caller.trips.byId({ tripId: trip.id }),
      asNeighbour: () => bo.caller.trips.byId({ tripId: trip.id }),
      adding: () => add(cy, "Tea"),
    };
    const few: Record<string, number> = {};
    for (const [name, read] of Object.entries(reads)) few[name] = await statementsOf(read);

    for (let i = 0; i < 4; i++) {
      await add(bo, `Item ${i}`);
      await add(cy, `Other ${i}`);
      await cy.caller.requests.create({
        itemDescription: `Offer ${i}`,
        groupId: group.id,
        neededBy: h.inHours(30),
        storePreference: "aldi",
      });
      await ann.caller.trips.create({ groupIds: [group.id], store: `Shop ${i}`, departsAt: h.inHours(20 + i) });
    }
    const detail = await ann.caller.trips.byId({ tripId: trip.id });
    expect(detail.neighbours.flatMap((n) => n.items)).toHaveLength(10);
    expect(detail.takeAlong).toHaveLength(5);
    for (const [name, read] of Object.entries(reads))
      expect({ [name]: await statementsOf(read) }).toEqual({ [name]: few[name] });
    // The list in one statement (and the session check); a trip page in a handful however long its list.
    expect(few.list).toBeLessThanOrEqual(2);
    expect(few.asTripper).toBeLessThanOrEqual(8);
    expect(few.asNeighbour).toBeLessThanOrEqual(7);
  });

  it("cancelling a trip and delivering to a neighbour take the same statements with one item or five (issue 28)", async () => {
    const group = await createGroup(ann, "Cancel and deliver street");
    await inviteAndJoin(ann, bo, group.id);
    await inviteAndJoin(ann, cy, group.id);
    /** A trip of Ann's with these items of Bo's and Cy's, each ticked as given ("got" unless "not_there"). */
    const tripWith = async (items: { who: Neighbour; mark?: "got" | "not_there" }[]) => {
      const trip = await ann.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(48) });
      for (const [i, { who, mark }] of items.entries()) {
        const item = await who.caller.trips.addItem({ tripId: trip.id, itemDescription: `Item ${i}` });
        await ann.caller.trips.markItem({ tripId: trip.id, requestId: item.id, state: mark ?? "got" });
      }
      return trip.id;
    };
    const cancel = (tripId: string) => statementsOf(() => ann.caller.trips.cancel({ tripId }));
    const deliverToBo = (tripId: string) =>
      statementsOf(() => ann.caller.trips.deliver({ tripId, userId: bo.user.id }));

    const cancelOne = await cancel(await tripWith([{ who: bo }]));
    const cancelFive = await cancel(await tripWith([bo, cy, bo, cy, bo].map((who) => ({ who }))));
    // Delivering fulfils the items got and gives back those not there: one of each, then three and two.
    const deliverTwo = await deliverToBo(await tripWith([{ who: bo }, { who: bo, mark: "not_there" }]));
    const five = await tripWith([
      { who: bo },
      { who: bo, mark: "not_there" },
      { who: bo },
      { who: bo, mark: "not_there" },
      { who: bo },
    ]);
    const deliverFive = await deliverToBo(five);
    const left = (await ann.caller.trips.byId({ tripId: five })).neighbours.flatMap((n) => n.items);
    // The items not there went back to Bo as open requests when marked (issue 43 §1); the list still shows them.
    expect(left.map((item) => item.status).sort()).toEqual(["fulfilled", "fulfilled", "fulfilled", "open", "open"]);

    expect({ cancel: cancelFive, deliver: deliverFive }).toEqual({ cancel: cancelOne, deliver: deliverTwo });
    // The trip's lock and change, the DELETE of items whose requester left the group (issue 43 §4), the
    // items' UPDATE(s), their views, the requesters, their devices, one INSERT of the e-mails, one NOTIFY
    // of the events, and the answer (a delivery's: the trip's page).
    expect(cancelOne).toBeLessThanOrEqual(11);
    expect(deliverTwo).toBeLessThanOrEqual(13);
  });
});
