import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, groupWith, type Neighbour } from "./support";

/**
 * "Ask me first" (issue 28): the requester's phone goes to the helper holding the request, on the request's page,
 * and to nobody else: not the requester's fellow members, not a helper of a request that says "skip" or
 * "similar", not after the helper has given it back or delivered it, and never in a list.
 */
const h = useHarness({ scope: "file" });
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;
const PHONE = "+44 20 7946 0958";

beforeAll(async () => {
  [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
  await ann.caller.user.updateProfile({ name: "Ann", phone: PHONE, generalArea: null });
});

async function postAsking(ifUnavailable: "skip" | "similar" | "ask") {
  const street = await groupWith(h, ann, [bo, cy]);
  const posted = await ann.caller.requests.create({
    groupId: street.id,
    itemDescription: `Oat milk (${ifUnavailable})`,
    neededBy: h.inHours(5),
    ifUnavailable,
  });
  return { street, posted };
}

const phoneSeenBy = async (who: Neighbour, id: string) => (await who.caller.requests.byId({ id })).requesterPhone;

describe("the requester's phone when they asked to be asked first", () => {
  it("is shown to the helper holding the request, and to nobody else", async () => {
    const { street, posted } = await postAsking("ask");
    // Open: nobody holds it, so nobody sees the phone (not even a member about to claim it).
    expect(await phoneSeenBy(bo, posted.id)).toBeNull();
    expect(await phoneSeenBy(ann, posted.id)).toBeNull();
    await bo.caller.requests.claim({ id: posted.id });
    expect(await phoneSeenBy(bo, posted.id)).toBe(PHONE);
    expect(await phoneSeenBy(cy, posted.id)).toBeNull();
    expect(await phoneSeenBy(ann, posted.id)).toBeNull();
    // The lists and the other answers never carry it, for anyone.
    const everything = JSON.stringify([
      await bo.caller.requests.dashboard(),
      await bo.caller.requests.forGroup({ groupId: street.id }),
      await cy.caller.requests.dashboard(),
      await ann.caller.requests.mine({}),
    ]);
    expect(everything).not.toContain(PHONE);
    expect(everything).not.toContain("requesterPhone");
    // Given back: the helper no longer holds it.
    await bo.caller.requests.unclaim({ id: posted.id });
    expect(await phoneSeenBy(bo, posted.id)).toBeNull();
    // Claimed again and delivered: done, no longer shown.
    await cy.caller.requests.claim({ id: posted.id });
    expect(await phoneSeenBy(cy, posted.id)).toBe(PHONE);
    expect(await phoneSeenBy(bo, posted.id)).toBeNull();
    await cy.caller.requests.fulfill({ id: posted.id });
    expect(await phoneSeenBy(cy, posted.id)).toBeNull();
  });

  it("is never shown when the requester said skip it or a similar one is fine", async () => {
    for (const choice of ["skip", "similar"] as const) {
      const { posted } = await postAsking(choice);
      await bo.caller.requests.claim({ id: posted.id });
      expect(await phoneSeenBy(bo, posted.id)).toBeNull();
    }
  });

  it("is null when the requester gave no phone", async () => {
    const [dee] = await h.neighbours("Dee");
    const street = await groupWith(h, dee!, [bo]);
    const posted = await dee!.caller.requests.create({
      groupId: street.id,
      itemDescription: "Bread",
      neededBy: h.inHours(5),
      ifUnavailable: "ask",
    });
    await bo.caller.requests.claim({ id: posted.id });
    expect(await phoneSeenBy(bo, posted.id)).toBeNull();
  });
});
