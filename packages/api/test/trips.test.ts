import { HOUR_MS, PUSH_DELIVERY_QUEUE, type PushJob } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { browserSubscription, failure, groupWith, listen, parseCalendar, useHarness } from "./support";

/** Trips (issue 28, ADR 0022): a member's shopping trip others add items to. */
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });
const DAY = 24 * HOUR_MS;

async function street() {
  const [tina, ann, bo, olga] = await h.neighbours("Tina", "Ann", "Bo", "Olga");
  const group = await groupWith(h, tina, [ann, bo], "Elm Street");
  const trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(24) });
  return { tina, ann, bo, olga, group, trip };
}

describe("announcing a trip", () => {
  it("closes its list an hour before leaving unless told, and members of its groups see it", async () => {
    const { ann, olga, group, trip } = await street();
    expect(trip).toMatchObject({
      store: "Aldi",
      status: "open",
      groupIds: [group.id],
      itemCount: 0,
      maxItems: null,
      repeat: null,
      tripper: { name: "Tina" },
    });
    expect(trip.closesAt).toEqual(new Date(new Date(trip.departsAt).getTime() - HOUR_MS));
    expect((await ann.caller.trips.list()).map((t) => t.id)).toEqual([trip.id]);
    expect(await olga.caller.trips.list()).toEqual([]);
    expect(await failure(olga.caller.trips.byId({ tripId: trip.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: messages.tripNotFound,
    });
  });

  it("tells the members of its groups by e-mail, as their trips switch and each group's setting say", async () => {
    const [tina, ann, bo, cy, dee, olga] = await h.neighbours("Tina", "Ann", "Bo", "Cy", "Dee", "Olga");
    const group = await groupWith(h, tina, [ann, bo, cy, dee], "Elm Street");
    for (const who of [ann, bo, cy, dee, olga])
      await who.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await bo.caller.user.updateGroupNotifications({ groupId: group.id, frequency: "off" });
    await cy.caller.user.updateNotificationKind({ kind: "trips", email: false });
    await dee.caller.blocks.block({ id: tina.user.id });
    const trip = await tina.caller.trips.create({
      groupIds: [group.id],
      store: "Aldi",
      departsAt: h.inHours(24),
      note: "Back by noon",
    });
    await h.deliver();
    const [mail, ...more] = h.inbox(ann.email).filter((m) => m.subject === "Tina is going to Aldi");
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(/Tina is going to Aldi, leaving around .*can bring things back for neighbours\./);
    expect(mail!.text).toContain("Back by noon");
    expect(mail!.links).toContain(`${h.config.appUrl}/trips/${trip.id}`);
    expect(mail!.links.some((link) => link.includes("/unsubscribe"))).toBe(true);
    for (const quiet of [tina, bo, cy, dee, olga])
      expect(h.inbox(quiet.email).filter((m) => m.subject.includes("going to Aldi"))).toEqual([]);
  });

  it("refuses a group one is not in, a list closing after leaving, and a leaving time past or beyond 60 days", async () => {
    const { olga, tina, group } = await street();
    const at = { groupIds: [group.id], store: "Aldi" };
    expect(await failure(olga.caller.trips.create({ ...at, departsAt: h.inHours(5) }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.notMember,
    });
    expect(
      await failure(tina.caller.trips.create({ ...at, departsAt: h.inHours(5), closesAt: h.inHours(6) })),
    ).toMatchObject({ code: "BAD_REQUEST", message: messages.tripClosesAtAfterDeparts });
    expect(await failure(tina.caller.trips.create({ ...at, departsAt: h.inHours(-1) }))).toMatchObject({
      code: "BAD_REQUEST",
      message: messages.tripDepartsAtPast,
    });
    expect(await failure(tina.caller.trips.create({ ...at, departsAt: h.inHours(61 * 24) }))).toMatchObject({
      code: "BAD_REQUEST",
      message: messages.tripDepartsAtTooFar,
    });
    await tina.caller.trips.create({ ...at, departsAt: h.inHours(59 * 24) });
  });
});

describe("adding items", () => {
  it("is a request of the requester's, claimed by the tripper at once and counted in their open requests", async () => {
    const { tina, ann, trip } = await street();
    const item = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk", quantity: 2 });
    expect(item).toMatchObject({
      tripId: trip.id,
      status: "claimed",
      claimedBy: tina.user.id,
      quantity: 2,
      ifUnavailable: "similar",
      storePreference: "Aldi",
    });
    const dashboard = await ann.caller.requests.dashboard();
    expect(dashboard.usage.counts.openRequestsCount).toBe(1);
    expect(dashboard.myRequests.map((r) => r.id)).toContain(item.id);
    const list = await tina.caller.trips.byId({ tripId: trip.id });
    expect(list.neighbours).toHaveLength(1);
    expect(list.neighbours[0]).toMatchObject({ neighbour: { name: "Ann" }, items: [{ id: item.id, mark: "pending" }] });
    expect(list.itemCount).toBe(1);
  });

  it("is refused once the list is closed, by the tripper or by its time, or the trip is cancelled", async () => {
    const { tina, ann, bo, group, trip } = await street();
    await tina.caller.trips.close({ tripId: trip.id });
    const refusal = { code: "CONFLICT", message: messages.tripNotTakingItems };
    expect(await failure(ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" }))).toMatchObject(refusal);

    const later = await tina.caller.trips.create({ groupIds: [group.id], store: "Lidl", departsAt: h.inHours(3) });
    await bo.caller.trips.addItem({ tripId: later.id, itemDescription: "Bread" });
    h.clock.advance(2 * HOUR_MS);
    expect((await bo.caller.trips.byId({ tripId: later.id })).status).toBe("closed");
    expect(await failure(bo.caller.trips.addItem({ tripId: later.id, itemDescription: "Jam" }))).toMatchObject(refusal);

    const third = await tina.caller.trips.create({ groupIds: [group.id], store: "Rewe", departsAt: h.inHours(30) });
    await tina.caller.trips.cancel({ tripId: third.id });
    expect(await failure(ann.caller.trips.addItem({ tripId: third.id, itemDescription: "Eggs" }))).toMatchObject(
      refusal,
    );
  });

  it("opens again after the tripper closed it, or after it closed by its time, until the trip leaves (issue 43 §3)", async () => {
    const { tina, ann, trip } = await street();
    await tina.caller.trips.close({ tripId: trip.id });
    expect(await failure(ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripNotTakingItems,
    });
    expect(await failure(ann.caller.trips.reopen({ tripId: trip.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.tripOnlyTripper,
    });
    const reopened = await tina.caller.trips.reopen({ tripId: trip.id });
    expect(reopened).toMatchObject({ status: "open", closesAt: trip.closesAt });
    // A second tap changes nothing.
    expect(await tina.caller.trips.reopen({ tripId: trip.id })).toMatchObject({ status: "open" });
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" });
    // Closed by its time (an hour before leaving): open again, it takes items until the trip leaves.
    h.clock.advance(23 * HOUR_MS + 1);
    expect((await tina.caller.trips.byId({ tripId: trip.id })).status).toBe("closed");
    expect(await tina.caller.trips.reopen({ tripId: trip.id })).toMatchObject({
      status: "open",
      closesAt: trip.departsAt,
    });
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" });
    // Once it has left, it stays closed.
    h.clock.advance(HOUR_MS);
    expect(await failure(tina.caller.trips.reopen({ tripId: trip.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripAlreadyLeft,
    });
  });

  it("keeps to the cap", async () => {
    const [tina, ann, bo] = await h.neighbours("Tina", "Ann", "Bo");
    const group = await groupWith(h, tina, [ann, bo]);
    const trip = await tina.caller.trips.create({
      groupIds: [group.id],
      store: "Aldi",
      departsAt: h.inHours(24),
      maxItems: 1,
    });
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" });
    expect(await failure(bo.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripFull,
    });
  });

  it("is not for the tripper's own trip", async () => {
    const { tina, trip } = await street();
    expect(await failure(tina.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripOwnTrip,
    });
  });
});

describe("shopping and delivering", () => {
  it("fulfils a neighbour's got items in one call and gives back the ones not there", async () => {
    const { tina, ann, trip } = await street();
    const milk = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" });
    const tofu = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tofu", ifUnavailable: "skip" });
    const jam = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Jam" });
    await tina.caller.trips.close({ tripId: trip.id });
    expect(await tina.caller.trips.markItem({ tripId: trip.id, requestId: milk.id, state: "got" })).toMatchObject({
      mark: "got",
    });
    await tina.caller.trips.markItem({ tripId: trip.id, requestId: tofu.id, state: "not_there" });
    expect(
      await failure(ann.caller.trips.markItem({ tripId: trip.id, requestId: jam.id, state: "got" })),
    ).toMatchObject({ code: "FORBIDDEN", message: messages.tripOnlyTripper });

    const after = await tina.caller.trips.deliver({ tripId: trip.id, userId: ann.user.id });
    expect(after.neighbours[0]!.items.map((i) => [i.itemDescription, i.status, i.mark]).sort()).toEqual([
      ["Jam", "claimed", "pending"],
      ["Milk", "fulfilled", "got"],
      ["Tofu", "open", "not_there"],
    ]);
    const tofuNow = await ann.caller.requests.byId({ id: tofu.id });
    expect(tofuNow).toMatchObject({ status: "open", tripId: null, claimedBy: null });
    // The last item is fulfilled the ordinary way.
    await tina.caller.requests.fulfill({ id: jam.id });
  });

  it('ends an item at "Not there": back with its requester, open again or closed as they chose, the list saying so, and they are told', async () => {
    const { tina, ann, bo, trip } = await street();
    const bread = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Bread" });
    const tofu = await bo.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tofu", ifUnavailable: "skip" });
    await h.deliver();
    const [annBefore, boBefore] = [h.inbox(ann.email).length, h.inbox(bo.email).length];

    const marked = await tina.caller.trips.markItem({ tripId: trip.id, requestId: bread.id, state: "not_there" });
    expect(marked).toMatchObject({ mark: "not_there", status: "open", claimedBy: null, tripId: null });
    await tina.caller.trips.markItem({ tripId: trip.id, requestId: tofu.id, state: "not_there" });

    // Ann's is an open request again, on her dashboard as one; Bo said "skip it": his is closed.
    expect(await ann.caller.requests.byId({ id: bread.id })).toMatchObject({ status: "open", displayStatus: "open" });
    const annDashboard = await ann.caller.requests.dashboard();
    expect(JSON.stringify(annDashboard)).not.toContain('"claimedBy":"' + tina.user.id);
    expect(await bo.caller.requests.byId({ id: tofu.id })).toMatchObject({ status: "open", displayStatus: "expired" });
    // Off the trip: the cap counts it no more, and it cannot be ticked again.
    expect((await tina.caller.trips.byId({ tripId: trip.id })).itemCount).toBe(0);
    expect(
      await failure(tina.caller.trips.markItem({ tripId: trip.id, requestId: bread.id, state: "got" })),
    ).toMatchObject({ code: "NOT_FOUND" });
    // The list still says what became of each, to the tripper and to its requester.
    const list = await tina.caller.trips.byId({ tripId: trip.id });
    expect(
      list.neighbours.flatMap((n) => n.items.map((i) => [i.itemDescription, i.mark, i.displayStatus])).sort(),
    ).toEqual([
      ["Bread", "not_there", "open"],
      ["Tofu", "not_there", "expired"],
    ]);
    expect((await ann.caller.trips.byId({ tripId: trip.id })).neighbours[0]!.items).toMatchObject([
      { id: bread.id, mark: "not_there" },
    ]);
    await h.deliver();
    expect(
      h
        .inbox(ann.email)
        .slice(annBefore)
        .map((m) => m.subject),
    ).toEqual(["Tina did not find Bread: it is open again"]);
    expect(
      h
        .inbox(bo.email)
        .slice(boBefore)
        .map((m) => m.subject),
    ).toEqual(["Tina did not find Tofu: it is closed"]);
  });

  it("shows the requester's phone to the tripper only when they said ask me first", async () => {
    const { tina, ann, trip } = await street();
    await ann.caller.user.updateProfile({ name: "Ann", phone: "+49 30 123456", generalArea: null });
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk", ifUnavailable: "ask" });
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Bread" });
    const items = (await tina.caller.trips.byId({ tripId: trip.id })).neighbours[0]!.items;
    expect(items.map((i) => [i.itemDescription, i.requesterPhone]).sort()).toEqual([
      ["Bread", null],
      ["Oat milk", "+49 30 123456"],
    ]);
    const own = (await ann.caller.trips.byId({ tripId: trip.id })).neighbours[0]!.items;
    expect(own.every((i) => i.requesterPhone === null)).toBe(true);
  });
});

describe("cancelling", () => {
  it("turns the items back into ordinary open requests of their requesters, who are told", async () => {
    const { tina, ann, trip } = await street();
    const item = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk" });
    await h.deliver();
    const before = h.inbox(ann.email).length;
    expect(await tina.caller.trips.cancel({ tripId: trip.id })).toMatchObject({ status: "cancelled" });
    expect(await ann.caller.requests.byId({ id: item.id })).toMatchObject({
      status: "open",
      tripId: null,
      claimedBy: null,
      itemDescription: "Oat milk",
    });
    await h.deliver();
    expect(h.inbox(ann.email).length).toBe(before + 1);
    expect(await failure(ann.caller.trips.cancel({ tripId: trip.id }))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("telling everyone of many items at once", () => {
  it("tells each requester of each item given back or delivered, by e-mail and push, and the live lists", async () => {
    const { tina, ann, bo, trip } = await street();
    await ann.caller.push.subscribe({ ...browserSubscription("http://127.0.0.1:9/push/ann").json, label: "Phone" });
    await bo.caller.user.updateNotificationKind({ kind: "request_updates", email: false });
    const add = (who: typeof ann, item: string) => who.caller.trips.addItem({ tripId: trip.id, itemDescription: item });
    const [milk, tea, bread] = [await add(ann, "Milk"), await add(ann, "Tea"), await add(bo, "Bread")];
    const jam = await add(ann, "Jam");
    await tina.caller.trips.markItem({ tripId: trip.id, requestId: milk.id, state: "got" });
    await tina.caller.trips.markItem({ tripId: trip.id, requestId: tea.id, state: "not_there" });
    await h.deliver();
    h.jobs.takeDue(PUSH_DELIVERY_QUEUE, new Date(8.64e15));
    const before = h.inbox(ann.email).length;
    const boLive = await listen(h.services, bo.token);
    expect(await boLive.next()).toEqual({ type: "connected" });

    await tina.caller.trips.deliver({ tripId: trip.id, userId: ann.user.id });
    await tina.caller.trips.cancel({ tripId: trip.id });
    await h.deliver();
    const subjects = h
      .inbox(ann.email)
      .slice(before)
      .map((m) => m.subject);
    // Tea was told as it was marked "Not there" (issue 43 §1).
    expect(subjects).toEqual(["Tina fulfilled your request: Milk", "Tina can no longer help with your request: Jam"]);
    // Bo turned "request updates" e-mails off: no e-mail; and has no device: no push.
    expect(h.inbox(bo.email).filter((m) => m.subject.includes("Bread"))).toEqual([]);
    const pushes = h.jobs.takeDue(PUSH_DELIVERY_QUEUE, new Date(8.64e15)).map((job) => job.data as PushJob);
    expect(pushes.map((p) => [p.userId, p.payload.tag])).toEqual([
      [ann.user.id, `request-${milk.id}`],
      [ann.user.id, `request-${jam.id}`],
    ]);

    const events = [];
    for (let i = 0; i < 4; i++) events.push(await boLive.next());
    const requestIdOf = (event: object) => ("requestId" in event ? String(event.requestId) : "");
    const byRequest = (a: object, b: object) => (requestIdOf(a) < requestIdOf(b) ? -1 : 1);
    expect(events.slice(0, 2)).toEqual([
      { type: "request.fulfilled", requestId: milk.id, groupId: milk.groupId },
      { type: "trip.changed", tripId: trip.id, groupId: milk.groupId },
    ]);
    expect(events.slice(2).sort(byRequest)).toEqual(
      [
        { type: "request.unclaimed", requestId: bread.id, groupId: bread.groupId, mine: true },
        { type: "request.unclaimed", requestId: jam.id, groupId: jam.groupId },
      ].sort(byRequest),
    );
    boLive.stop();
    for (const item of [tea, bread, jam])
      expect(await tina.caller.requests.byId({ id: item.id })).toMatchObject({ status: "open", tripId: null });
  });
});

describe("the tripper leaving", () => {
  it("gives the items in that group back as ordinary open requests, off the trip", async () => {
    const [owner, tina, ann] = await h.neighbours("Owen", "Tina", "Ann");
    const group = await groupWith(h, owner, [tina, ann], "Elm Street");
    const trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(24) });
    const item = await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Oat milk" });
    await tina.caller.groups.leave({ groupId: group.id });
    const [mine] = (await ann.caller.requests.dashboard()).myRequests.filter((r) => r.id === item.id);
    expect(mine).toMatchObject({ status: "open", claimedBy: null, tripId: null });
    expect(await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Tea" }).catch(() => "refused")).toBe(
      "refused",
    );
  });
});

describe("taking them along", () => {
  it("offers the tripper open requests in the trip's groups for the same store, and claims the ones taken", async () => {
    const { tina, ann, bo, group, trip } = await street();
    const same = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Coffee",
      storePreference: " aL di ",
      neededBy: h.inHours(48),
    });
    await bo.caller.requests.create({
      groupId: group.id,
      itemDescription: "Nails",
      storePreference: "Hardware shop",
      neededBy: h.inHours(48),
    });
    const detail = await tina.caller.trips.byId({ tripId: trip.id });
    expect(detail.takeAlong.map((r) => r.id)).toEqual([same.id]);
    expect((await ann.caller.trips.byId({ tripId: trip.id })).takeAlong).toEqual([]);

    const taken = await tina.caller.trips.take({ tripId: trip.id, requestIds: [same.id] });
    expect(taken.takeAlong).toEqual([]);
    expect(taken.neighbours[0]!.items[0]).toMatchObject({ id: same.id, status: "claimed", tripId: trip.id });
    expect(await failure(tina.caller.trips.take({ tripId: trip.id, requestIds: [same.id] }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripTakeNotOffered,
    });
  });
});

describe("weekly trips", () => {
  it("can skip the next one; a single trip cannot", async () => {
    const { tina, group, trip } = await street();
    expect(await failure(tina.caller.trips.skipNext({ tripId: trip.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.tripNotRepeating,
    });
    const weekly = await tina.caller.trips.create({
      groupIds: [group.id],
      store: "Market",
      departsAt: h.inHours(2 * 24),
      repeat: { every: "week" },
    });
    expect(weekly.repeat).toEqual({ every: "week" });
    expect(await tina.caller.trips.skipNext({ tripId: weekly.id })).toMatchObject({ skipNext: true });
  });
});

describe("the calendar", () => {
  it("gives the trip as an event with a reminder before leaving", async () => {
    const { tina, trip } = await street();
    const file = await tina.caller.trips.calendar({ tripId: trip.id });
    expect(file.content).toContain("SUMMARY:Shopping trip: Aldi");
    expect(file.content).toContain("BEGIN:VALARM");
    expect(file.content).toContain(`UID:trip-${trip.id}@`);
    void DAY;
  });

  it("puts the tripper's trips in their personal feed, with the reminder, until they leave or are cancelled", async () => {
    const { tina, ann, group, trip } = await street();
    const cancelled = await tina.caller.trips.create({ groupIds: [group.id], store: "Lidl", departsAt: h.inHours(5) });
    await tina.caller.trips.cancel({ tripId: cancelled.id });
    const feedOf = async (who: typeof tina) => {
      const token = (await who.caller.user.calendarFeed()).url
        .split("/")
        .pop()!
        .replace(/\.ics$/, "");
      return parseCalendar((await h.services.calendar.feed(token, "127.0.0.1")).content).events;
    };
    const events = await feedOf(tina);
    expect(events.map((e) => e.summary)).toEqual(["Shopping trip: Aldi"]);
    expect(events[0]!.uid).toMatch(new RegExp(`^trip-${trip.id}@`));
    expect((await tina.caller.trips.calendar({ tripId: trip.id })).content).toContain("BEGIN:VALARM");
    // A neighbour's feed holds their own requests and claims, not others' trips.
    expect(await feedOf(ann)).toEqual([]);
    h.clock.advance(25 * HOUR_MS);
    expect(await feedOf(tina)).toEqual([]);
  });

  it("leaves a trip's items out of the tripper's feed, the trip's event counting them; the requester keeps theirs", async () => {
    const { tina, ann, bo, group, trip } = await street();
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" });
    await bo.caller.trips.addItem({ tripId: trip.id, itemDescription: "Bread" });
    // A request Tina claimed outside any trip stays an event of its own.
    const posted = await ann.caller.requests.create({
      itemDescription: "Stamps",
      groupId: group.id,
      neededBy: h.inHours(30),
    });
    await tina.caller.requests.claim({ id: posted.id });
    const feedOf = async (who: typeof tina) => {
      const token = (await who.caller.user.calendarFeed()).url
        .split("/")
        .pop()!
        .replace(/\.ics$/, "");
      return parseCalendar((await h.services.calendar.feed(token, "127.0.0.1")).content).events;
    };
    const events = await feedOf(tina);
    expect(events.map((e) => e.summary)).toEqual(["Help Ann with Stamps", "Shopping trip: Aldi"]);
    expect(events[1]!.description).toContain("2 items on the list");
    expect((await feedOf(ann)).map((e) => e.summary)).toEqual([
      expect.stringContaining("Milk"),
      expect.stringContaining("Stamps"),
    ]);
  });
});
