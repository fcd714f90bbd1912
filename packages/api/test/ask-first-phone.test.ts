import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness, type Neighbour } from "./support";

/**
 * Issue 43 §5: "Ask me first" with no phone in the profile left the helper in the shop with "No phone number
 * given". The server refuses it from a person without a phone (so no client can make that state), saves a phone
 * that comes with the post, and a profile cannot drop its phone while something of the person's still says it.
 */
const h = useHarness({ scope: "file" });
const PHONE = "0151 234 5678";

const phoneOf = async (who: Neighbour) => (await who.caller.user.me())!.phone;
const profile = (who: Neighbour, phone: string | null) =>
  who.caller.user.updateProfile({ name: who.user.name ?? "Neighbour", phone, generalArea: null });

describe('"Ask me first" needs a phone', () => {
  it("is refused on a request from someone without a phone, and saves the phone that comes with it", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const street = await groupWith(h, ann!, [bo!]);
    const ask = {
      itemDescription: "Oat milk",
      groupId: street.id,
      neededBy: h.inHours(24),
      ifUnavailable: "ask" as const,
    };

    expect(await failure(ann!.caller.requests.create(ask))).toEqual({
      code: "BAD_REQUEST",
      message: messages.askFirstNeedsPhone,
    });
    expect(await bo!.caller.requests.forGroup({ groupId: street.id })).toMatchObject({ requests: [] });
    // Another answer needs no phone.
    await ann!.caller.requests.create({ ...ask, ifUnavailable: "similar" });
    // A phone that is no phone is refused with the profile's text, and nothing is saved.
    expect(await failure(ann!.caller.requests.create({ ...ask, phone: "12 34" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.invalidPhoneFormat,
    });
    expect(await phoneOf(ann!)).toBeNull();

    const posted = await ann!.caller.requests.create({ ...ask, phone: ` ${PHONE} ` });
    expect(posted.ifUnavailable).toBe("ask");
    expect(await phoneOf(ann!)).toBe(PHONE);
    // The helper who claims it has a number to call from the shop.
    await bo!.caller.requests.claim({ id: posted.id });
    expect((await bo!.caller.requests.byId({ id: posted.id })).contact?.phone).toBe(PHONE);
    // With the phone in the profile, nothing more is needed.
    expect((await ann!.caller.requests.create(ask)).ifUnavailable).toBe("ask");
  });

  it("is not asked of a request for a neighbour without the app: the helper calls that neighbour", async () => {
    const [cy] = await h.neighbours("Cy");
    const street = await groupWith(h, cy!, []);
    const okafor = await cy!.caller.offlineMembers.add({ groupId: street.id, name: "Mrs. Okafor", phone: PHONE });
    const posted = await cy!.caller.requests.create({
      itemDescription: "Bread",
      groupId: street.id,
      neededBy: h.inHours(24),
      ifUnavailable: "ask",
      onBehalfOf: okafor.id,
    });
    expect(posted.ifUnavailable).toBe("ask");
    expect(await phoneOf(cy!)).toBeNull();
  });

  it("is refused on a trip's item from someone without a phone, and saves the phone that comes with it", async () => {
    const [tina, dee] = await h.neighbours("Tina", "Dee");
    const street = await groupWith(h, tina!, [dee!]);
    const trip = await tina!.caller.trips.create({ groupIds: [street.id], store: "Aldi", departsAt: h.inHours(24) });
    const item = { tripId: trip.id, itemDescription: "Coffee beans", ifUnavailable: "ask" as const };
    expect(await failure(dee!.caller.trips.addItem(item))).toEqual({
      code: "BAD_REQUEST",
      message: messages.askFirstNeedsPhone,
    });
    expect((await tina!.caller.trips.byId({ tripId: trip.id })).neighbours).toEqual([]);
    await dee!.caller.trips.addItem({ ...item, phone: PHONE });
    const items = (await tina!.caller.trips.byId({ tripId: trip.id })).neighbours[0]!.items;
    expect(items.map((i) => i.requesterPhone)).toEqual([PHONE]);
  });

  it("is refused when a repeating request is changed to it without a phone, and saved with one", async () => {
    const [eve] = await h.neighbours("Eve");
    const street = await groupWith(h, eve!, []);
    const first = await eve!.caller.requests.create({
      itemDescription: "Eggs",
      groupId: street.id,
      neededBy: h.inHours(24),
      repeat: { every: "week" },
    });
    const seriesId = first.seriesId!;
    expect(await failure(eve!.caller.requestSeries.update({ id: seriesId, ifUnavailable: "ask" }))).toEqual({
      code: "BAD_REQUEST",
      message: messages.askFirstNeedsPhone,
    });
    expect((await eve!.caller.requestSeries.byId({ id: seriesId })).ifUnavailable).toBe("similar");
    const saved = await eve!.caller.requestSeries.update({ id: seriesId, ifUnavailable: "ask", phone: PHONE });
    expect(saved.ifUnavailable).toBe("ask");
    expect(await phoneOf(eve!)).toBe(PHONE);
  });
});

describe('a profile\'s phone while something says "Ask me first"', () => {
  it("cannot be removed while an own request says it, and can once that request is gone", async () => {
    const [fay] = await h.neighbours("Fay");
    const street = await groupWith(h, fay!, []);
    const posted = await fay!.caller.requests.create({
      itemDescription: "Tea",
      groupId: street.id,
      neededBy: h.inHours(24),
      ifUnavailable: "ask",
      phone: PHONE,
    });
    expect(await failure(profile(fay!, null))).toEqual({
      code: "BAD_REQUEST",
      message: messages.phoneNeededForAskFirst,
    });
    expect(await phoneOf(fay!)).toBe(PHONE);
    // Another number is fine.
    expect((await profile(fay!, "+49 30 1234567")).phone).toBe("+49 30 1234567");
    await fay!.caller.requests.remove({ id: posted.id });
    expect((await profile(fay!, null)).phone).toBeNull();
  });

  it("cannot be removed while a repeating request says it, even between its occurrences", async () => {
    const [gus, hal] = await h.neighbours("Gus", "Hal");
    const street = await groupWith(h, gus!, [hal!]);
    const first = await gus!.caller.requests.create({
      itemDescription: "Rolls",
      groupId: street.id,
      neededBy: h.inHours(24),
      ifUnavailable: "ask",
      phone: PHONE,
      repeat: { every: "week" },
    });
    // Done this week: nothing of Gus's is open until next week's is posted, but the series will post it.
    await hal!.caller.requests.claim({ id: first.id });
    await hal!.caller.requests.fulfill({ id: first.id });
    expect(await failure(profile(gus!, null))).toEqual({
      code: "BAD_REQUEST",
      message: messages.phoneNeededForAskFirst,
    });
  });
});
