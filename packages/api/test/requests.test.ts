import { HOUR_MS, MINUTE_MS } from "@hyn/core";
import { userLimits } from "@hyn/db";
import { latestNeededBy, limitMessage, messages } from "@hyn/validators";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, failure, addMember, groupWith, type Neighbour } from "./support";

/**
 * One database for the file (sign-ups hash passwords, which is slow); every test makes its own group,
 * so tests do not see each other's requests.
 */
const h = useHarness({ scope: "file" });
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;
let outsider: Neighbour;

beforeAll(async () => {
  [ann, bo, cy, outsider] = await h.neighbours("Ann", "Bo", "Cy", "Olga");
  await ann.caller.user.updateProfile({ name: "Ann", phone: null, generalArea: "Elm Street" });
  // These four post in many tests; the open-requests limit has its own test with a fresh user.
  await h.db
    .update(userLimits)
    .set({ maxOpenRequests: 1000 })
    .where(
      inArray(
        userLimits.userId,
        [ann, bo, cy, outsider].map((n) => n.user.id),
      ),
    );
});

const unknownId = "00000000-0000-4000-8000-000000000000";

async function post(who: Neighbour, groupId: string, item = "Milk", neededBy = h.inHours(24)) {
  return who.caller.requests.create({ itemDescription: item, groupId, neededBy });
}

describe("posting a request", () => {
  it("a member posts a request: text trimmed and stripped of markup, shown with its creator", async () => {
    const street = await groupWith(h, ann, [bo], "Elm Street neighbours");
    const neededBy = h.inHours(30);
    const posted = await ann.caller.requests.create({
      itemDescription: "  <b>Two pints</b> of milk ",
      groupId: street.id,
      neededBy,
      storePreference: " <i>Corner shop</i> ",
      pickupNotes: "<script>alert(1)</script>Leave at the door",
    });
    expect(posted).toMatchObject({
      userId: ann.user.id,
      groupId: street.id,
      groupName: "Elm Street neighbours",
      itemDescription: "Two pints of milk",
      storePreference: "Corner shop",
      pickupNotes: "alert(1)Leave at the door",
      neededBy,
      status: "open",
      displayStatus: "open",
      claimedBy: null,
      claimedAt: null,
      fulfilledAt: null,
      creator: { id: ann.user.id, name: "Ann", generalArea: "Elm Street" },
      helper: null,
    });
    expect(posted.creator).not.toHaveProperty("email");
    const theirs = (await bo.caller.requests.forGroup({ groupId: street.id })).requests;
    expect(theirs.map((r) => r.id)).toEqual([posted.id]);
  });

  it("leaves out the optional fields and accepts an ISO needed-by time (the REST body)", async () => {
    const street = await groupWith(h, ann);
    const neededBy = h.inHours(5);
    const posted = await ann.caller.requests.create({
      itemDescription: "Eggs",
      groupId: street.id,
      neededBy: neededBy.toISOString(),
    });
    // Nothing said about an item that is not there: a similar one is fine (issue 28).
    expect(posted).toMatchObject({ storePreference: null, pickupNotes: null, ifUnavailable: "similar", neededBy });
    const blank = await ann.caller.requests.create({
      itemDescription: "Tea",
      groupId: street.id,
      neededBy,
      storePreference: "  ",
      pickupNotes: "<p></p>",
    });
    expect(blank).toMatchObject({ storePreference: null, pickupNotes: null });
  });

  it("keeps what to do if the item is not there, and refuses a choice it does not know", async () => {
    const street = await groupWith(h, ann, [bo]);
    for (const ifUnavailable of ["skip", "similar", "ask"] as const) {
      const posted = await ann.caller.requests.create({
        itemDescription: `Oat milk (${ifUnavailable})`,
        groupId: street.id,
        neededBy: h.inHours(5),
        ifUnavailable,
        // "Ask me first" needs a phone (issue 43 §5; ask-first-phone.test.ts).
        ...(ifUnavailable === "ask" ? { phone: "0151 234 5678" } : {}),
      });
      expect(posted.ifUnavailable).toBe(ifUnavailable);
      expect((await bo.caller.requests.byId({ id: posted.id })).ifUnavailable).toBe(ifUnavailable);
    }
    const refused = await failure(
      ann.caller.requests.create({
        itemDescription: "Oat milk",
        groupId: street.id,
        neededBy: h.inHours(5),
        ifUnavailable: "whatever" as never,
      }),
    );
    expect(refused).toEqual({ code: "BAD_REQUEST", message: messages.ifUnavailableInvalid });
  });

  it("gives the spec's message for each missing or wrong field", async () => {
    const street = await groupWith(h, ann);
    const valid = { itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(2) };
    const create = (input: Record<string, unknown>) => failure(ann.caller.requests.create(input as never));

    expect(await create({ ...valid, itemDescription: "   " })).toEqual({
      code: "BAD_REQUEST",
      message: messages.itemDescriptionRequired,
    });
    expect((await create({ ...valid, itemDescription: "<b></b>" })).message).toBe(messages.itemDescriptionRequired);
    expect((await create({ ...valid, itemDescription: undefined })).message).toBe(messages.itemDescriptionRequired);
    expect(await create({ ...valid, groupId: "" })).toEqual({ code: "BAD_REQUEST", message: messages.selectGroup });
    expect((await create({ ...valid, groupId: undefined })).message).toBe(messages.selectGroup);
    expect(await create({ ...valid, neededBy: undefined })).toEqual({
      code: "BAD_REQUEST",
      message: messages.neededByRequired,
    });
    expect((await create({ ...valid, neededBy: "" })).message).toBe(messages.neededByRequired);
    // Text that is no date says so (issue 24), rather than calling the date missing.
    expect((await create({ ...valid, neededBy: "not a date" })).message).toBe(messages.neededByNotADate);
    expect(await create({ ...valid, neededBy: new Date(h.clock.now().getTime() - 6000) })).toEqual({
      code: "BAD_REQUEST",
      message: messages.neededByFuture,
    });
    expect((await create({ ...valid, neededBy: h.inHours(-24) })).message).toBe(messages.neededByFuture);
    // PRODUCT "What is checked": five seconds of tolerance for the form's clock.
    const justNow = await ann.caller.requests.create({ ...valid, neededBy: new Date(h.clock.now().getTime() - 4000) });
    expect(justNow.displayStatus).toBe("expired");
  });

  it("refuses a needed-by date more than 5 years ahead, year 10000 included", async () => {
    const street = await groupWith(h, ann);
    const valid = { itemDescription: "Milk", groupId: street.id };
    const latest = latestNeededBy(h.clock.now());
    const tooFar = { code: "BAD_REQUEST", message: messages.neededByTooFar };
    expect(
      await failure(ann.caller.requests.create({ ...valid, neededBy: new Date(latest.getTime() + 1000) })),
    ).toEqual(tooFar);
    expect(await failure(ann.caller.requests.create({ ...valid, neededBy: "+010000-01-01T00:00:00.000Z" }))).toEqual(
      tooFar,
    );
    expect(await failure(ann.caller.requests.create({ ...valid, neededBy: new Date(8.64e15) }))).toEqual(tooFar);
    expect((await ann.caller.requests.create({ ...valid, neededBy: latest })).neededBy).toEqual(latest);
  });

  it("refuses a group the poster is not a member of, and one that does not exist", async () => {
    const street = await groupWith(h, ann);
    expect(await failure(post(outsider, street.id))).toEqual({ code: "FORBIDDEN", message: messages.notMember });
    expect(await failure(post(outsider, unknownId))).toEqual({ code: "FORBIDDEN", message: messages.notMember });
    expect((await failure(post(outsider, "not-a-group"))).message).toBe(messages.notMember);
    expect(
      await failure(
        (await h.caller()).requests.create({ itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(1) }),
      ),
    ).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });
  });

  it("stops at the open-requests limit with the spec's message; a claimed or deleted request frees a place", async () => {
    const eve = await h.signUpUser({ name: "Eve" });
    const street = await groupWith(h, eve, [bo]);
    const posted = [];
    for (let i = 1; i <= 5; i++) posted.push(await post(eve, street.id, `Item ${i}`));
    expect(await failure(post(eve, street.id, "One too many"))).toEqual({
      code: "CONFLICT",
      message: limitMessage("open requests", 5, 5),
    });
    expect(limitMessage("open requests", 5, 5)).toBe(
      "You have reached your limit of 5 open requests. You currently have 5 open requests.",
    );

    // An expired request is still open: it counts until it is claimed or deleted.
    h.clock.advance(25 * HOUR_MS);
    expect((await failure(post(eve, street.id, "Still too many"))).message).toBe(limitMessage("open requests", 5, 5));
    h.clock.advance(-25 * HOUR_MS);

    await bo.caller.requests.claim({ id: posted[0]!.id });
    await post(eve, street.id, "Room again");
    await eve.caller.requests.remove({ id: posted[1]!.id });
    await post(eve, street.id, "And again");
    expect((await failure(post(eve, street.id))).message).toBe(limitMessage("open requests", 5, 5));
  });
});

describe("claiming, unclaiming and fulfilling", () => {
  it("a neighbour claims an open request, unclaims it, claims it again and marks it fulfilled", async () => {
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id);

    h.clock.advance(MINUTE_MS);
    const claimed = await bo.caller.requests.claim({ id: milk.id });
    expect(claimed).toMatchObject({
      status: "claimed",
      displayStatus: "claimed",
      claimedBy: bo.user.id,
      claimedAt: h.clock.now(),
      helper: { id: bo.user.id, name: "Bo", generalArea: null },
      creator: { id: ann.user.id, name: "Ann" },
    });

    const unclaimed = await bo.caller.requests.unclaim({ id: milk.id });
    expect(unclaimed).toMatchObject({ status: "open", claimedBy: null, claimedAt: null, helper: null });

    await bo.caller.requests.claim({ id: milk.id });
    h.clock.advance(MINUTE_MS);
    const fulfilled = await bo.caller.requests.fulfill({ id: milk.id });
    expect(fulfilled).toMatchObject({
      status: "fulfilled",
      displayStatus: "fulfilled",
      claimedBy: bo.user.id,
      fulfilledAt: h.clock.now(),
      helper: { id: bo.user.id, name: "Bo" },
    });
    expect((await ann.caller.requests.mine()).requests.find((r) => r.id === milk.id)?.status).toBe("fulfilled");
  });

  it("refuses to claim one's own request, a claimed one, a fulfilled one and one past its needed-by time", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const milk = await post(ann, street.id);
    expect(await failure(ann.caller.requests.claim({ id: milk.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.cannotClaimOwn,
    });

    await bo.caller.requests.claim({ id: milk.id });
    expect(await failure(cy.caller.requests.claim({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotClaimable,
    });
    expect((await failure(bo.caller.requests.claim({ id: milk.id }))).message).toBe(messages.requestNotClaimable);
    await bo.caller.requests.fulfill({ id: milk.id });
    expect((await failure(cy.caller.requests.claim({ id: milk.id }))).message).toBe(messages.requestNotClaimable);

    const bread = await post(ann, street.id, "Bread", h.inHours(1));
    h.clock.advance(HOUR_MS);
    expect((await failure(cy.caller.requests.claim({ id: bread.id }))).message).toBe(messages.requestNotClaimable);
    expect((await ann.caller.requests.mine()).requests.find((r) => r.id === bread.id)).toMatchObject({
      status: "open",
      displayStatus: "expired",
    });
  });

  it("only the claimer unclaims, and only while it is claimed", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const milk = await post(ann, street.id);
    // The state is checked before the claimer: an open request "is not claimed", whoever asks.
    expect(await failure(bo.caller.requests.unclaim({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotClaimed,
    });
    expect(await failure(ann.caller.requests.unclaim({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotClaimed,
    });

    await bo.caller.requests.claim({ id: milk.id });
    expect(await failure(cy.caller.requests.unclaim({ id: milk.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyUnclaimOwnClaims,
    });
    expect((await failure(ann.caller.requests.unclaim({ id: milk.id }))).message).toBe(messages.onlyUnclaimOwnClaims);

    await bo.caller.requests.fulfill({ id: milk.id });
    expect(await failure(bo.caller.requests.unclaim({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotClaimed,
    });
    expect(await failure(cy.caller.requests.unclaim({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotClaimed,
    });
  });

  it("only the claimer fulfils, and only while it is claimed", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const milk = await post(ann, street.id);
    // The state is checked before the claimer: an open request "is not in claimed status", whoever asks.
    expect(await failure(bo.caller.requests.fulfill({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotInClaimedStatus,
    });

    await bo.caller.requests.claim({ id: milk.id });
    expect(await failure(cy.caller.requests.fulfill({ id: milk.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyFulfillOwnClaims,
    });
    expect((await failure(ann.caller.requests.fulfill({ id: milk.id }))).message).toBe(messages.onlyFulfillOwnClaims);

    await bo.caller.requests.fulfill({ id: milk.id });
    expect(await failure(bo.caller.requests.fulfill({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotInClaimedStatus,
    });
    expect(await failure(cy.caller.requests.fulfill({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.requestNotInClaimedStatus,
    });
  });

  it("answers 'Request not found' for unknown ids and for requests in groups the caller is not in", async () => {
    const street = await groupWith(h, ann, [bo]);
    // Being a member of some other group must not open this one.
    await groupWith(h, outsider, [cy]);
    const milk = await post(ann, street.id);
    await bo.caller.requests.claim({ id: milk.id });
    const notFound = { code: "NOT_FOUND", message: messages.requestNotFound };
    for (const id of [milk.id, unknownId]) {
      expect(await failure(outsider.caller.requests.claim({ id }))).toEqual(notFound);
      expect(await failure(outsider.caller.requests.unclaim({ id }))).toEqual(notFound);
      expect(await failure(outsider.caller.requests.fulfill({ id }))).toEqual(notFound);
      expect(await failure(outsider.caller.requests.remove({ id }))).toEqual(notFound);
      expect(await failure(outsider.caller.requests.notify({ id }))).toEqual(notFound);
    }
    expect((await failure(outsider.caller.requests.claim({ id: "nope" }))).message).toBe(messages.requestNotFound);
    // Nothing the outsider tried changed the request.
    expect((await ann.caller.requests.mine()).requests.find((r) => r.id === milk.id)).toMatchObject({
      status: "claimed",
      claimedBy: bo.user.id,
    });
  });
});

describe("deleting a request", () => {
  it("the owner deletes an open or claimed request, nobody else can, and a fulfilled one stays", async () => {
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk");
    const bread = await post(ann, street.id, "Bread");
    const eggs = await post(ann, street.id, "Eggs");

    expect(await failure(bo.caller.requests.remove({ id: milk.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.onlyDeleteOwnRequests,
    });
    expect(await ann.caller.requests.remove({ id: milk.id })).toEqual({ ok: true });
    expect(await failure(ann.caller.requests.remove({ id: milk.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });

    await bo.caller.requests.claim({ id: bread.id });
    await ann.caller.requests.remove({ id: bread.id });

    await bo.caller.requests.claim({ id: eggs.id });
    await bo.caller.requests.fulfill({ id: eggs.id });
    expect(await failure(ann.caller.requests.remove({ id: eggs.id }))).toEqual({
      code: "CONFLICT",
      message: messages.cannotDeleteFulfilled,
    });
    expect((await bo.caller.requests.forGroup({ groupId: street.id })).requests.map((r) => r.itemDescription)).toEqual([
      "Eggs",
    ]);
  });
});

describe("request lists", () => {
  it("sorts open, claimed, fulfilled, expired, then earliest needed-by, with creator and helper attached", async () => {
    const street = await groupWith(h, ann, [bo, cy]);
    const lateOpen = await post(ann, street.id, "late open", h.inHours(48));
    const earlyOpen = await post(bo, street.id, "early open", h.inHours(10));
    const claimed = await post(ann, street.id, "claimed", h.inHours(5));
    const fulfilled = await post(ann, street.id, "fulfilled", h.inHours(3));
    const expiredLater = await post(cy, street.id, "expired later", h.inHours(2));
    const expiredSooner = await post(ann, street.id, "expired sooner", h.inHours(1));
    await cy.caller.requests.claim({ id: claimed.id });
    await bo.caller.requests.claim({ id: fulfilled.id });
    await bo.caller.requests.fulfill({ id: fulfilled.id });
    h.clock.advance(2 * HOUR_MS + MINUTE_MS);

    const list = (await cy.caller.requests.forGroup({ groupId: street.id })).requests;
    expect(list.map((r) => [r.itemDescription, r.displayStatus])).toEqual([
      ["early open", "open"],
      ["late open", "open"],
      ["claimed", "claimed"],
      ["fulfilled", "fulfilled"],
      ["expired sooner", "expired"],
      ["expired later", "expired"],
    ]);
    const byId = new Map(list.map((r) => [r.id, r]));
    expect(byId.get(earlyOpen.id)!.creator).toEqual({ id: bo.user.id, name: "Bo", generalArea: null });
    expect(byId.get(claimed.id)!.helper).toEqual({ id: cy.user.id, name: "Cy", generalArea: null });
    expect(byId.get(fulfilled.id)!.helper?.id).toBe(bo.user.id);
    expect(byId.get(lateOpen.id)!.helper).toBeNull();
    // "expired" is computed: what is stored is still open.
    expect(byId.get(expiredLater.id)!.status).toBe("open");
    expect(byId.get(expiredSooner.id)!.status).toBe("open");
    h.clock.advance(-(2 * HOUR_MS + MINUTE_MS));
    expect(
      (await cy.caller.requests.forGroup({ groupId: street.id })).requests.find((r) => r.id === expiredLater.id)!
        .displayStatus,
    ).toBe("open");
  });

  it("'mine' holds every request the caller posted, in every group, and nobody else's", async () => {
    const dee = await h.signUpUser({ name: "Dee" });
    const first = await groupWith(h, dee, [bo]);
    const second = await groupWith(h, bo, [dee]);
    await post(dee, first.id, "in my group", h.inHours(4));
    await post(dee, second.id, "in Bo's group", h.inHours(3));
    await post(bo, first.id, "Bo's own");
    expect((await dee.caller.requests.mine()).requests.map((r) => r.itemDescription)).toEqual([
      "in Bo's group",
      "in my group",
    ]);
  });

  it("shows a group's requests to members only", async () => {
    const street = await groupWith(h, ann, [bo]);
    await post(ann, street.id);
    expect(await failure(outsider.caller.requests.forGroup({ groupId: street.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect((await failure(outsider.caller.requests.forGroup({ groupId: "nope" }))).message).toBe(
      messages.groupNotFound,
    );
    await addMember(h, street.id, outsider);
    expect((await outsider.caller.requests.forGroup({ groupId: street.id })).requests).toHaveLength(1);
  });

  it("reads each list in a fixed number of statements, however many requests and people it holds", async () => {
    const street = await groupWith(h, bo, [ann, cy]);
    await post(bo, street.id, "one");
    const count = async (read: () => Promise<unknown>) => {
      const before = h.handle.statementCount();
      await read();
      return h.handle.statementCount() - before;
    };
    const smallGroup = await count(() => ann.caller.requests.forGroup({ groupId: street.id }));
    const smallMine = await count(() => bo.caller.requests.mine());

    for (let i = 0; i < 3; i++) await post(bo, street.id, `more ${i}`);
    for (let i = 0; i < 4; i++) await post(ann, street.id, `Ann's ${i}`);
    const claimed = await post(cy, street.id, "claimed by Bo");
    await bo.caller.requests.claim({ id: claimed.id });
    expect((await ann.caller.requests.forGroup({ groupId: street.id })).requests.length).toBe(9);

    expect(await count(() => ann.caller.requests.forGroup({ groupId: street.id }))).toBe(smallGroup);
    expect(await count(() => bo.caller.requests.mine())).toBe(smallMine);
    expect(smallMine).toBe(1);
    expect(smallGroup).toBe(2); // membership, then the list
  });
});

describe("the dashboard", () => {
  it("has the caller's requests, the ones they can help with, their groups and their usage, in one call", async () => {
    const fay = await h.signUpUser({ name: "Fay" });
    const street = await groupWith(h, fay, [bo, cy], "Fay's street");
    h.clock.advance(MINUTE_MS);
    const other = await groupWith(h, cy, [fay], "Cy's street");
    const elsewhere = await groupWith(h, outsider, [bo], "Elsewhere");

    const mine = await post(fay, street.id, "Fay's milk", h.inHours(5));
    const openOther = await post(bo, street.id, "Bo's bread", h.inHours(10));
    const claimedByFay = await post(cy, other.id, "Cy's parcel", h.inHours(2));
    const claimedByBo = await post(cy, street.id, "Cy's eggs", h.inHours(3));
    const expiring = await post(bo, street.id, "Bo's soon", h.inHours(1));
    await post(outsider, elsewhere.id, "Not Fay's business");
    const fulfilledForFay = await post(bo, street.id, "Bo's done");
    await fay.caller.requests.claim({ id: claimedByFay.id });
    await bo.caller.requests.claim({ id: claimedByBo.id });
    await fay.caller.requests.claim({ id: fulfilledForFay.id });
    await fay.caller.requests.fulfill({ id: fulfilledForFay.id });
    h.clock.advance(HOUR_MS + MINUTE_MS);

    const dashboard = await fay.caller.requests.dashboard();
    expect(dashboard.myRequests.map((r) => r.id)).toEqual([mine.id]);
    expect(dashboard.helpableRequests.map((r) => r.id)).toEqual([openOther.id, claimedByFay.id]);
    expect(dashboard.helpableRequests.map((r) => r.id)).not.toContain(expiring.id);
    expect(dashboard.helpableRequests[1]).toMatchObject({
      displayStatus: "claimed",
      helper: { id: fay.user.id, name: "Fay" },
      groupName: "Cy's street",
    });
    expect(dashboard.groups).toEqual([
      {
        id: street.id,
        name: "Fay's street",
        createdBy: fay.user.id,
        createdAt: expect.any(Date),
        joinedAt: expect.any(Date),
        memberCount: 3,
        rulesToAccept: null,
        rulesAccepted: null,
      },
      {
        id: other.id,
        name: "Cy's street",
        createdBy: cy.user.id,
        createdAt: expect.any(Date),
        joinedAt: expect.any(Date),
        memberCount: 2,
        rulesToAccept: null,
        rulesAccepted: null,
      },
    ]);
    expect(dashboard.usage).toEqual({
      limits: { maxOpenRequests: 5, maxGroupsCreated: 3, maxGroupsJoined: 5 },
      counts: { openRequestsCount: 1, groupsCreatedCount: 1, groupsJoinedCount: 1 },
    });
    expect(dashboard.serverTime).toEqual(h.clock.now());
    void claimedByBo;
  });

  it("loads in at most four statements, the same number for one group or many", async () => {
    const gus = await h.signUpUser({ name: "Gus" });
    const first = await groupWith(h, gus, [bo]);
    await post(bo, first.id);
    const statements = async () => {
      const before = h.handle.statementCount();
      await gus.caller.requests.dashboard();
      return h.handle.statementCount() - before;
    };
    const small = await statements();

    for (let g = 0; g < 4; g++) {
      const group = await groupWith(h, g % 2 ? bo : cy, [gus, ann]);
      await post(g % 2 ? bo : cy, group.id, `request ${g}`);
      await post(ann, group.id, `Ann's ${g}`);
      await post(gus, group.id, `Gus's ${g}`);
    }
    const big = await gus.caller.requests.dashboard();
    expect(big.groups).toHaveLength(5);
    expect(big.helpableRequests).toHaveLength(9);
    expect(big.myRequests).toHaveLength(4);

    expect(small).toBeLessThanOrEqual(4);
    expect(await statements()).toBe(small);
  });
});
