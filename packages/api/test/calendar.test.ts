/**
 * Issue 15, the commitment in the calendar: a request's calendar file through the procedures, read
 * back with a real iCalendar parser. The HTTP side (text/calendar, the feed's address, the e-mail's
 * attachment) is in apps/server/test/calendar-http.test.ts.
 */
import { MINUTE_MS, setKindChannels } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, type Neighbour, parseCalendar, type ParsedEvent } from "./support";

const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

async function eventFor(who: Neighbour, requestId: string): Promise<ParsedEvent> {
  const file = await who.caller.requests.calendar({ id: requestId });
  const calendar = parseCalendar(file.content);
  expect(calendar.method).toBe("PUBLISH");
  expect(calendar.events).toHaveLength(1);
  return calendar.events[0]!;
}

describe("a request's calendar file", () => {
  it("names the item, group, requester, store, pickup notes and what to do if it is not there, whatever characters they hold", async () => {
    const [ann, bo] = await h.neighbours("Ann, the; baker\\", "Bo 李");
    const group = await groupWith(h, ann, [bo], "Größe; Straße, 牛乳");
    const neededBy = h.inHours(30);
    const request = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Größe; 牛乳, \n x",
      storePreference: "Bäckerei, Nord; 1",
      pickupNotes: "Door 3; ring twice,\nthen wait — 谢谢",
      ifUnavailable: "ask",
      phone: "0151 234 5678",
      neededBy,
    });
    await bo.caller.requests.claim({ id: request.id });

    const file = await bo.caller.requests.calendar({ id: request.id });
    expect(file).toMatchObject({ filename: "Größe; 牛乳, x.ics", contentType: "text/calendar; charset=utf-8" });
    const event = await eventFor(bo, request.id);
    expect(event).toMatchObject({
      uid: `request-${request.id}@localhost`,
      status: "CONFIRMED",
      sequence: 1,
      summary: "Help Ann, the; baker\\ with Größe; 牛乳, x",
      url: `http://localhost:3000/requests/${request.id}`,
    });
    expect(event.start).toEqual(neededBy);
    expect(event.end).toEqual(new Date(neededBy.getTime() + 15 * MINUTE_MS));
    expect(event.description).toBe(
      [
        // An item is one line: its line break was stored as a space (issue 24); pickup notes keep theirs.
        "Größe; 牛乳,   x",
        "",
        "Group: Größe; Straße, 牛乳",
        "Requested by: Ann, the; baker\\",
        "Helper: Bo 李",
        "Store preference: Bäckerei, Nord; 1",
        "Pickup notes: Door 3; ring twice,\nthen wait — 谢谢",
        "If it is not there: ask me first",
        "",
        `http://localhost:3000/requests/${request.id}`,
      ].join("\n"),
    );
  });

  it("follows the request: STATUS from each reader's side and a SEQUENCE that grows with every change", async () => {
    const [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
    const group = await groupWith(h, ann, [bo, cy]);
    const request = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Milk",
      neededBy: h.inHours(30),
    });
    const seen = async () => ({
      ann: await eventFor(ann, request.id),
      bo: await eventFor(bo, request.id),
      cy: await eventFor(cy, request.id),
    });
    const statuses = (events: Record<string, ParsedEvent>) =>
      Object.fromEntries(Object.entries(events).map(([who, e]) => [who, [e.status, e.sequence]]));

    expect(statuses(await seen())).toEqual({ ann: ["TENTATIVE", 0], bo: ["CANCELLED", 0], cy: ["CANCELLED", 0] });
    expect((await eventFor(ann, request.id)).summary).toBe("Your request: Milk");

    await bo.caller.requests.claim({ id: request.id });
    expect(statuses(await seen())).toEqual({ ann: ["CONFIRMED", 1], bo: ["CONFIRMED", 1], cy: ["CANCELLED", 1] });

    await bo.caller.requests.unclaim({ id: request.id });
    expect(statuses(await seen())).toEqual({ ann: ["TENTATIVE", 2], bo: ["CANCELLED", 2], cy: ["CANCELLED", 2] });

    await cy.caller.requests.claim({ id: request.id });
    expect(statuses(await seen())).toEqual({ ann: ["CONFIRMED", 3], bo: ["CANCELLED", 3], cy: ["CONFIRMED", 3] });

    // Leaving the group reopens Cy's claim (membership.ts): a change like any other.
    await cy.caller.groups.leave({ groupId: group.id });
    expect([(await eventFor(ann, request.id)).status, (await eventFor(ann, request.id)).sequence]).toEqual([
      "TENTATIVE",
      4,
    ]);

    // A refused change changes nothing, so the calendars keep their copy.
    await failure(bo.caller.requests.fulfill({ id: request.id }));
    expect((await eventFor(ann, request.id)).sequence).toBe(4);

    // Past its needed-by with nobody helping: it will not happen.
    h.clock.set(h.inHours(31));
    expect((await eventFor(ann, request.id)).status).toBe("CANCELLED");
  });

  it("is 'Request not found' for anyone who cannot read the request", async () => {
    const [ann, outsider] = await h.neighbours("Ann", "Out");
    const group = await groupWith(h, ann);
    const request = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Milk",
      neededBy: h.inHours(30),
    });

    expect(await failure(outsider.caller.requests.calendar({ id: request.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });
    expect(await failure(ann.caller.requests.calendar({ id: "00000000-0000-4000-8000-000000000000" }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });
    await ann.caller.requests.remove({ id: request.id });
    expect(await failure(ann.caller.requests.calendar({ id: request.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });
  });
});

describe("the claim confirmation", () => {
  it("goes to the helper when they claim, unless their reminder e-mails are off", async () => {
    const [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
    const group = await groupWith(h, ann, [bo, cy]);
    const milk = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Milk",
      neededBy: h.inHours(30),
    });
    const eggs = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Eggs",
      neededBy: h.inHours(30),
    });
    await setKindChannels(h.db, cy.user.id, "reminders", { email: false }, h.clock.now());
    await bo.caller.requests.claim({ id: milk.id });
    await cy.caller.requests.claim({ id: eggs.id });
    await h.deliver();
    const subjects = (who: Neighbour) =>
      h
        .inbox(who.email)
        .map((m) => m.subject)
        .filter((s) => !/Confirm your/.test(s));
    expect(subjects(bo)).toEqual(["You're helping Ann with Milk"]);
    expect(subjects(cy)).toEqual([]);
    // The requester hears of both claims as before.
    expect(subjects(ann).sort()).toEqual([
      "Bo offered to help with your request: Milk",
      "Cy offered to help with your request: Eggs",
    ]);
  });
});
