import { HOUR_MS, setKindChannels } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, type Neighbour } from "./support";

/** The one-tap "Thank you" (issue 15): the requester only, once, after fulfilment; the helper hears of it by their preferences. */
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

async function fulfilledMilk() {
  const [ann, bo, cy, outsider] = await h.neighbours("Ann", "Bo", "Cy", "Olga");
  const group = await groupWith(h, ann, [bo, cy], "Elm Street");
  const request = await ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: h.inHours(72),
  });
  await bo.caller.requests.claim({ id: request.id });
  await bo.caller.requests.fulfill({ id: request.id });
  return { ann, bo, cy, outsider, request };
}

async function thanksTo(who: Neighbour) {
  await h.deliver();
  return h.inbox(who.email).filter((m) => m.subject.includes("thanked you"));
}

describe("thanking the helper", () => {
  it("marks the request thanked, e-mails the helper a link to it, and shows on both sides' cards", async () => {
    const { ann, bo, request } = await fulfilledMilk();
    h.clock.advance(HOUR_MS);
    const thanked = await ann.caller.requests.thank({ id: request.id });
    expect(thanked.thankedAt).toEqual(h.clock.now());

    const [mail, ...more] = await thanksTo(bo);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Ann thanked you for helping with Two pints of milk");
    expect(mail!.links[0]).toBe(`http://localhost:3000/requests/${request.id}`);
    expect(await thanksTo(ann)).toHaveLength(0);

    const annsCard = (await ann.caller.requests.dashboard()).myRequests.find((r) => r.id === request.id);
    expect(annsCard?.thankedAt).toEqual(h.clock.now());
    // The helper's dashboard keeps the thanked card for a few days, then lets it go.
    const bosCard = (await bo.caller.requests.dashboard()).helpableRequests.find((r) => r.id === request.id);
    expect(bosCard).toMatchObject({ status: "fulfilled", thankedAt: h.clock.now(), creator: { name: "Ann" } });
    h.clock.advance(8 * 24 * HOUR_MS);
    expect((await bo.caller.requests.dashboard()).helpableRequests.map((r) => r.id)).not.toContain(request.id);
  });

  it("is sent once: a second tap is refused and sends nothing", async () => {
    const { ann, bo, request } = await fulfilledMilk();
    await ann.caller.requests.thank({ id: request.id });
    expect(await failure(ann.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.alreadyThanked,
    });
    expect(await thanksTo(bo)).toHaveLength(1);
  });

  it("waits for the fulfilment", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const group = await groupWith(h, ann, [bo]);
    const request = await ann.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(72),
    });
    expect(await failure(ann.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.thankOnlyFulfilled,
    });
    await bo.caller.requests.claim({ id: request.id });
    expect(await failure(ann.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.thankOnlyFulfilled,
    });
    expect(await thanksTo(bo)).toHaveLength(0);
  });

  it("is the requester's alone: the helper and other members are refused, outsiders do not see the request", async () => {
    const { bo, cy, outsider, request } = await fulfilledMilk();
    expect(await failure(bo.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.thankOnlyOwnRequests,
    });
    expect(await failure(cy.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.thankOnlyOwnRequests,
    });
    expect(await failure(outsider.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });
    expect(await thanksTo(bo)).toHaveLength(0);
  });

  it("reaches the helper's card but no inbox when their thanks e-mails are off", async () => {
    const { ann, bo, request } = await fulfilledMilk();
    await setKindChannels(h.db, bo.user.id, "thanks", { email: false }, h.clock.now());
    await ann.caller.requests.thank({ id: request.id });
    expect(await thanksTo(bo)).toHaveLength(0);
    expect((await bo.caller.requests.dashboard()).helpableRequests.find((r) => r.id === request.id)?.thankedAt).toEqual(
      h.clock.now(),
    );
  });

  it("has no one to thank once the helper deleted their account", async () => {
    const { ann, bo, request } = await fulfilledMilk();
    await bo.caller.user.deleteAccount({ password: bo.password });
    expect(await failure(ann.caller.requests.thank({ id: request.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.thankNoHelper,
    });
  });
});
