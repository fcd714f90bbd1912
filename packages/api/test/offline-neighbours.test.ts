import { offlineMembers } from "@hyn/db";
import { MAX_GROUP_MEMBERS, messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { failure, groupWith, listen, quickNeighbours, useHarness, type Neighbour } from "./support";

/**
 * A neighbour without an account (issue 42 §1, PRODUCT "A neighbour without the app"): a member adds them and
 * is their contact; they count toward the group's 20; any member posts for them, and the helper who claims
 * such a request, and nobody else, sees their phone; their contact's departure hands them to the owner.
 */
const ADMIN = "moderator@example.com";
const h = useHarness({ scope: "file", config: { adminEmails: new Set([ADMIN]) } });
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;
let olga: Neighbour;
const OKAFOR_PHONE = "020 7946 0000";

beforeAll(async () => {
  [ann, bo, cy, olga] = await h.neighbours("Ann", "Bo", "Cy", "Olga");
});

const addOkafor = (by: Neighbour, groupId: string) =>
  by.caller.offlineMembers.add({
    groupId,
    name: "Mrs. Okafor",
    phone: OKAFOR_PHONE,
    generalArea: "Elm Street",
    howToReach: "Ring twice, she is slow to the door",
  });

describe("adding a neighbour without the app", () => {
  it("any member adds one and is their contact; members see them, the phone only their contact and the owner", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const { id } = await addOkafor(bo, street.id);
    const seenBy = async (who: Neighbour) => (await who.caller.offlineMembers.list({ groupId: street.id }))[0];
    expect(await seenBy(bo)).toMatchObject({
      id,
      name: "Mrs. Okafor",
      generalArea: "Elm Street",
      contact: { id: bo.user.id, name: "Bo" },
      phone: OKAFOR_PHONE,
      howToReach: "Ring twice, she is slow to the door",
    });
    expect(await seenBy(ann)).toMatchObject({ phone: OKAFOR_PHONE });
    expect(await seenBy(cy)).toMatchObject({
      name: "Mrs. Okafor",
      contact: { name: "Bo" },
      phone: null,
      howToReach: null,
    });
    expect(await failure(olga.caller.offlineMembers.list({ groupId: street.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect((await failure(addOkafor(olga, street.id))).code).toBe("FORBIDDEN");
    // They count as a member on the group's card.
    expect((await cy.caller.groups.list()).find((g) => g.id === street.id)?.memberCount).toBe(4);
  });

  it("needs a name and a phone (a landline is fine), and keeps text as data without markup", async () => {
    const street = await groupWith(h, ann, [bo]);
    expect(await failure(bo.caller.offlineMembers.add({ groupId: street.id, name: "Mr. Lee", phone: "" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.phoneRequired,
    });
    expect(
      (await failure(bo.caller.offlineMembers.add({ groupId: street.id, name: "<b></b>", phone: OKAFOR_PHONE })))
        .message,
    ).toBe(messages.nameRequired);
    expect(
      (await failure(bo.caller.offlineMembers.add({ groupId: street.id, name: "Mr. Lee", phone: "call me" }))).message,
    ).toBe(messages.invalidPhoneFormat);
    await bo.caller.offlineMembers.add({ groupId: street.id, name: "<i>Mr.</i> Lee &amp; co", phone: "0151 234 5678" });
    const [lee] = await bo.caller.offlineMembers.list({ groupId: street.id });
    expect(lee).toMatchObject({
      name: "Mr. Lee &amp; co",
      phone: "0151 234 5678",
      generalArea: null,
      howToReach: null,
    });
  });

  it("are removed by their contact or the owner, and by nobody else", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const first = await addOkafor(bo, street.id);
    const second = await addOkafor(bo, street.id);
    expect(await failure(cy.caller.offlineMembers.remove({ groupId: street.id, offlineId: first.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyContactOrOwnerRemovesNeighbour,
    });
    expect((await failure(olga.caller.offlineMembers.remove({ groupId: street.id, offlineId: first.id }))).code).toBe(
      "FORBIDDEN",
    );
    await bo.caller.offlineMembers.remove({ groupId: street.id, offlineId: first.id });
    await ann.caller.offlineMembers.remove({ groupId: street.id, offlineId: second.id });
    expect(await ann.caller.offlineMembers.list({ groupId: street.id })).toEqual([]);
    expect(await failure(ann.caller.offlineMembers.remove({ groupId: street.id, offlineId: first.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.offlineNeighbourNotFound,
    });
  });
});

describe(`the group's ${MAX_GROUP_MEMBERS}`, () => {
  it("counts neighbours without the app: adding, invitations and group links all stop at the limit", async () => {
    const others = await quickNeighbours(h, MAX_GROUP_MEMBERS - 3, "full");
    const street = await groupWith(h, ann, others);
    await addOkafor(ann, street.id);
    await addOkafor(others[0]! as unknown as Neighbour, street.id);
    // 18 with an account and 2 without: full.
    expect((await ann.caller.groups.list()).find((g) => g.id === street.id)?.memberCount).toBe(MAX_GROUP_MEMBERS);
    expect(await failure(addOkafor(ann, street.id))).toEqual({ code: "CONFLICT", message: messages.groupFull });
    const invite = await ann.caller.invitations.create({ groupId: street.id, email: bo.email });
    expect(await failure(bo.caller.invitations.joinByToken({ token: invite.token }))).toEqual({
      code: "CONFLICT",
      message: messages.groupFull,
    });
    const link = await ann.caller.groupLinks.create({ groupId: street.id });
    expect(await failure(cy.caller.invitations.joinByToken({ token: link.token }))).toEqual({
      code: "CONFLICT",
      message: messages.groupFull,
    });
    // One of them removed: there is room again.
    const [first] = await ann.caller.offlineMembers.list({ groupId: street.id });
    await ann.caller.offlineMembers.remove({ groupId: street.id, offlineId: first!.id });
    await bo.caller.invitations.joinByToken({ token: invite.token });
  });

  it("an owner whose only others are neighbours without the app leaves, and the group goes with them", async () => {
    const dee = await h.signUpUser({ name: "Dee" });
    const street = await groupWith(h, dee);
    await addOkafor(dee, street.id);
    expect(await dee.caller.groups.leave({ groupId: street.id })).toEqual({ groupDeleted: true });
  });
});

describe("posting for a neighbour without the app", () => {
  it("any member posts for them; the helper who claims it, and nobody else, sees their phone", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const okafor = await addOkafor(ann, street.id);
    const before = (await bo.caller.limits.counts()).openRequestsCount;
    const posted = await bo.caller.requests.create({
      groupId: street.id,
      itemDescription: "Bread",
      neededBy: h.inHours(5),
      onBehalfOf: okafor.id,
    });
    expect(posted.onBehalfOf).toEqual({ id: okafor.id, name: "Mrs. Okafor" });
    expect(posted.userId).toBe(bo.user.id);
    // It counts toward the poster's open requests.
    expect((await bo.caller.limits.counts()).openRequestsCount).toBe(before + 1);
    // Every view carries it.
    const inList = (await cy.caller.requests.forGroup({ groupId: street.id })).requests.find((r) => r.id === posted.id);
    expect(inList?.onBehalfOf).toEqual({ id: okafor.id, name: "Mrs. Okafor" });
    expect((await cy.caller.requests.byId({ id: posted.id })).contact).toBeNull();

    await cy.caller.requests.claim({ id: posted.id });
    const helperSees = (await cy.caller.requests.byId({ id: posted.id })).contact;
    expect(helperSees?.neighbour).toEqual({
      name: "Mrs. Okafor",
      phone: OKAFOR_PHONE,
      generalArea: "Elm Street",
      howToReach: "Ring twice, she is slow to the door",
    });
    expect(helperSees?.userId).toBe(bo.user.id);
    // The poster sees the helper's contact, as a requester does; the neighbour's phone is theirs already.
    expect((await bo.caller.requests.byId({ id: posted.id })).contact).toMatchObject({
      userId: cy.user.id,
      neighbour: null,
    });
    expect((await ann.caller.requests.byId({ id: posted.id })).contact).toBeNull();
    const lists = JSON.stringify([
      await ann.caller.requests.forGroup({ groupId: street.id }),
      await cy.caller.requests.dashboard(),
      await bo.caller.requests.mine({}),
    ]);
    expect(lists).not.toContain(OKAFOR_PHONE);

    // The poster acts as the requester: thanks "from Mrs. Okafor" once it is done.
    await cy.caller.requests.fulfill({ id: posted.id });
    expect((await cy.caller.requests.byId({ id: posted.id })).contact).toBeNull();
    await bo.caller.requests.thank({ id: posted.id });
    expect((await bo.caller.requests.byId({ id: posted.id })).thankedAt).not.toBeNull();
  });

  it("the poster hears of every claim, unclaim and fulfilment 'for Mrs. Okafor', and thanks the helper from her", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const okafor = await addOkafor(ann, street.id);
    const posted = await bo.caller.requests.create({
      groupId: street.id,
      itemDescription: "Bread",
      neededBy: h.inHours(5),
      onBehalfOf: okafor.id,
    });
    await h.deliver();
    const bosBefore = h.inbox(bo.email).length;
    const cysBefore = h.inbox(cy.email).length;
    await cy.caller.requests.claim({ id: posted.id });
    await cy.caller.requests.unclaim({ id: posted.id });
    await cy.caller.requests.claim({ id: posted.id });
    await cy.caller.requests.fulfill({ id: posted.id });
    await h.deliver();
    const toPoster = h.inbox(bo.email).slice(bosBefore);
    expect(toPoster.map((m) => m.subject)).toEqual([
      "Cy offered to help with your request for Mrs. Okafor: Bread",
      "Cy can no longer help with your request for Mrs. Okafor: Bread",
      "Cy offered to help with your request for Mrs. Okafor: Bread",
      "Cy fulfilled your request for Mrs. Okafor: Bread",
    ]);
    expect(toPoster[3]!.text).toContain("Cy marked your request for Mrs. Okafor as fulfilled:");
    for (const mail of toPoster) expect(mail.text).toContain("Mrs. Okafor has no app: please let them know.");
    // Nothing of her phone in any of it.
    expect(JSON.stringify(toPoster)).not.toContain(OKAFOR_PHONE);

    // The poster says thank you for her: the helper sees it as hers, on the card and in the e-mail.
    await bo.caller.requests.thank({ id: posted.id });
    await h.deliver();
    const thanks = h
      .inbox(cy.email)
      .slice(cysBefore)
      .filter((m) => m.subject.startsWith("Thanks from"));
    expect(thanks.map((m) => m.subject)).toEqual(["Thanks from Mrs. Okafor for helping with Bread"]);
    expect(thanks[0]!.text).toContain("Bo passes on thanks from Mrs. Okafor for helping with this request:");
    const helpersCard = (await cy.caller.requests.dashboard()).helpableRequests.find((r) => r.id === posted.id);
    expect(helpersCard).toMatchObject({ creator: { name: "Bo" }, onBehalfOf: { name: "Mrs. Okafor" } });
    expect(helpersCard?.thankedAt).not.toBeNull();
  });

  it("a request of the poster's own is told and thanked for as before", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    await addOkafor(ann, street.id);
    const own = await bo.caller.requests.create({ groupId: street.id, itemDescription: "Jam", neededBy: h.inHours(5) });
    await h.deliver();
    const bosBefore = h.inbox(bo.email).length;
    const cysBefore = h.inbox(cy.email).length;
    await cy.caller.requests.claim({ id: own.id });
    await cy.caller.requests.fulfill({ id: own.id });
    await bo.caller.requests.thank({ id: own.id });
    await h.deliver();
    expect(
      h
        .inbox(bo.email)
        .slice(bosBefore)
        .map((m) => m.subject),
    ).toEqual(["Cy offered to help with your request: Jam", "Cy fulfilled your request: Jam"]);
    expect(
      h
        .inbox(cy.email)
        .slice(cysBefore)
        .map((m) => m.subject),
    ).toContain("Bo thanked you for helping with Jam");
    expect(JSON.stringify(h.inbox(bo.email).slice(bosBefore))).not.toContain("Okafor");
  });

  it("only for a neighbour of that group, and not as a repeating request", async () => {
    const street = await groupWith(h, ann, [bo]);
    const elsewhere = await groupWith(h, cy);
    const theirs = await addOkafor(cy, elsewhere.id);
    const post = (onBehalfOf: string, repeat?: { every: "week" }) =>
      bo.caller.requests.create({
        groupId: street.id,
        itemDescription: "Milk",
        neededBy: h.inHours(5),
        onBehalfOf,
        repeat,
      });
    expect(await failure(post(theirs.id))).toEqual({ code: "NOT_FOUND", message: messages.offlineNeighbourNotFound });
    expect(await failure(post("not-an-id"))).toEqual({
      code: "BAD_REQUEST",
      message: messages.offlineNeighbourNotFound,
    });
    const ours = await addOkafor(bo, street.id);
    expect(await failure(post(ours.id, { every: "week" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.repeatNotForNeighbour,
    });
    // Without one, a request is the poster's own.
    const own = await bo.caller.requests.create({ groupId: street.id, itemDescription: "Tea", neededBy: h.inHours(5) });
    expect(own.onBehalfOf).toBeNull();
  });

  it("go with their neighbour when the contact removes them, live, as a request its poster deletes", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const okafor = await addOkafor(bo, street.id);
    const postSoup = (itemDescription: string) =>
      bo.caller.requests.create({ groupId: street.id, itemDescription, neededBy: h.inHours(5), onBehalfOf: okafor.id });
    const open = await postSoup("Soup");
    const claimed = await postSoup("Bread");
    await cy.caller.requests.claim({ id: claimed.id });
    // Answered once, so the answer cache holds the lists that show them.
    expect((await ann.caller.requests.forGroup({ groupId: street.id })).requests.map((r) => r.id)).toContain(open.id);
    const helperLive = await listen(h.services, cy.token);
    const othersLive = await listen(h.services, ann.token);
    for (const live of [helperLive, othersLive]) expect(await live.next()).toEqual({ type: "connected" });

    await bo.caller.offlineMembers.remove({ groupId: street.id, offlineId: okafor.id });

    // The helper's open page hears it as when a requester deletes a claimed request; so does everyone's list.
    for (const live of [helperLive, othersLive]) {
      const heard = [await live.next(), await live.next()];
      expect(heard).toEqual(
        expect.arrayContaining([
          { type: "request.deleted", requestId: open.id, groupId: street.id },
          { type: "request.deleted", requestId: claimed.id, groupId: street.id },
        ]),
      );
      live.stop();
    }
    for (const posted of [open, claimed])
      expect((await failure(bo.caller.requests.byId({ id: posted.id }))).code).toBe("NOT_FOUND");
    expect((await ann.caller.requests.forGroup({ groupId: street.id })).requests.map((r) => r.id)).not.toContain(
      open.id,
    );
    expect((await cy.caller.requests.dashboard()).helpableRequests.map((r) => r.id)).not.toContain(claimed.id);
  });
});

describe("when their contact departs, the owner becomes their contact", () => {
  const ways = {
    leaving: (street: { id: string }, dee: Neighbour) => dee.caller.groups.leave({ groupId: street.id }),
    "being removed": (street: { id: string }, dee: Neighbour) =>
      ann.caller.groups.removeMember({ groupId: street.id, userId: dee.user.id }),
    "deleting the account": (_street: { id: string }, dee: Neighbour) =>
      dee.caller.user.deleteAccount({ password: dee.password }),
  };
  for (const [way, depart] of Object.entries(ways))
    it(way, async () => {
      const dee = await h.signUpUser({ name: "Dee" });
      const street = await groupWith(h, ann, [dee]);
      const okafor = await addOkafor(dee, street.id);
      await depart(street, dee);
      const [listed] = await ann.caller.offlineMembers.list({ groupId: street.id });
      expect(listed).toMatchObject({ id: okafor.id, contact: { id: ann.user.id }, phone: OKAFOR_PHONE });
    });
});

describe("when their contact is the owner and deletes the account", () => {
  it("the member the group passes to becomes their contact", async () => {
    const dee = await h.signUpUser({ name: "Dee" });
    const eve = await h.signUpUser({ name: "Eve" });
    const street = await groupWith(h, dee, [eve]);
    const okafor = await addOkafor(dee, street.id);
    await dee.caller.user.deleteAccount({ password: dee.password });
    const [listed] = await eve.caller.offlineMembers.list({ groupId: street.id });
    expect(listed).toMatchObject({ id: okafor.id, contact: { id: eve.user.id }, phone: OKAFOR_PHONE });
    expect((await eve.caller.user.exportData()).offlineNeighbours).toEqual([
      expect.objectContaining({ id: okafor.id }),
    ]);
  });
});

describe("they are not an account", () => {
  it("so nobody can invite, block, report, remove as a member or make them owner", async () => {
    const street = await groupWith(h, ann, [bo]);
    const okafor = await addOkafor(bo, street.id);
    const refused = [
      await failure(bo.caller.blocks.block({ id: okafor.id })),
      await failure(
        bo.caller.reports.create({ subject: { userId: okafor.id }, groupId: street.id, category: "other" }),
      ),
      await failure(ann.caller.groups.transferOwnership({ groupId: street.id, userId: okafor.id })),
      await failure(ann.caller.groups.removeMember({ groupId: street.id, userId: okafor.id })),
    ];
    for (const refusal of refused) expect(refusal.code).toBe("NOT_FOUND");
    // An invitation is to an e-mail address, which they do not have: none names them.
    expect(await ann.caller.offlineMembers.list({ groupId: street.id })).toEqual([
      expect.objectContaining({ id: okafor.id, contact: expect.objectContaining({ id: bo.user.id }) }),
    ]);
    expect((await ann.caller.groups.members({ groupId: street.id })).map((m) => m.id)).not.toContain(okafor.id);
  });
});

describe("their data", () => {
  it("is in their contact's export, and goes with the group", async () => {
    const dee = await h.signUpUser({ name: "Dee" });
    const eve = await h.signUpUser({ name: "Eve" });
    const street = await groupWith(h, dee, [eve]);
    const okafor = await addOkafor(eve, street.id);
    const exported = await eve.caller.user.exportData();
    expect(exported.offlineNeighbours).toEqual([
      expect.objectContaining({ id: okafor.id, groupId: street.id, name: "Mrs. Okafor", phone: OKAFOR_PHONE }),
    ]);
    expect(JSON.stringify(await dee.caller.user.exportData())).not.toContain(OKAFOR_PHONE);
    await eve.caller.groups.leave({ groupId: street.id });
    // The owner is their contact now; leaving as the last member takes the group and them.
    expect((await dee.caller.user.exportData()).offlineNeighbours).toHaveLength(1);
    await dee.caller.groups.leave({ groupId: street.id });
    expect((await dee.caller.user.exportData()).offlineNeighbours).toEqual([]);
    expect(await h.db.select().from(offlineMembers).where(eq(offlineMembers.id, okafor.id))).toEqual([]);
  });

  it("goes with the group an admin removes, with the requests posted for them", async () => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const dee = await h.signUpUser({ name: "Dee" });
    const street = await groupWith(h, dee, [admin]);
    const okafor = await addOkafor(dee, street.id);
    await dee.caller.requests.create({
      groupId: street.id,
      itemDescription: "Soup",
      neededBy: h.inHours(5),
      onBehalfOf: okafor.id,
    });
    await admin.caller.admin.removeGroup({ id: street.id, reason: "Spam" });
    expect(await h.db.select().from(offlineMembers).where(eq(offlineMembers.id, okafor.id))).toEqual([]);
    expect((await dee.caller.user.exportData()).offlineNeighbours).toEqual([]);
  });

  it("goes when their contact removes them: no longer in the contact's export", async () => {
    const street = await groupWith(h, ann, [cy]);
    const okafor = await addOkafor(cy, street.id);
    expect((await cy.caller.user.exportData()).offlineNeighbours.map((n) => n.id)).toContain(okafor.id);
    await cy.caller.offlineMembers.remove({ groupId: street.id, offlineId: okafor.id });
    expect((await cy.caller.user.exportData()).offlineNeighbours.map((n) => n.id)).not.toContain(okafor.id);
    expect(await h.db.select().from(offlineMembers).where(eq(offlineMembers.id, okafor.id))).toEqual([]);
  });
});
