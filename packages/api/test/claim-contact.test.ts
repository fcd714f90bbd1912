import { messages } from "@hyn/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, type Neighbour } from "./support";

/**
 * Contact between the two people of a claim (issue 30, PRODUCT "Contact while helping"): while a request is
 * claimed, its page shows the requester the helper's phone and area and the helper the requester's; nobody
 * else, not while open, not after it is given back or fulfilled, and never in a list.
 */
const h = useHarness({ scope: "file" });
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;
let olga: Neighbour;
const ANN_PHONE = "+44 20 7946 0958";
const BO_PHONE = "0151 234 5678";

beforeAll(async () => {
  [ann, bo, cy, olga] = await h.neighbours("Ann", "Bo", "Cy", "Olga");
  await ann.caller.user.updateProfile({ name: "Ann", phone: ANN_PHONE, generalArea: "Elm Street" });
  await bo.caller.user.updateProfile({ name: "Bo", phone: BO_PHONE, generalArea: "Oak Close" });
});

async function post(by: Neighbour, others: Neighbour[], ifUnavailable: "skip" | "similar" | "ask" = "similar") {
  const street = await groupWith(h, by, others);
  const posted = await by.caller.requests.create({
    groupId: street.id,
    itemDescription: `Oat milk (${ifUnavailable})`,
    neededBy: h.inHours(5),
    ifUnavailable,
  });
  return { street, posted };
}

const contactSeenBy = async (who: Neighbour, id: string) => (await who.caller.requests.byId({ id })).contact;

describe("contact between the requester and the helper of a claim", () => {
  it("is shown to the two of them while claimed, each the other's, and to nobody else", async () => {
    const { street, posted } = await post(ann, [bo, cy]);
    // Open: no claim, so no contact for anyone (not even a member about to claim it).
    for (const who of [ann, bo, cy]) expect(await contactSeenBy(who, posted.id)).toBeNull();

    await bo.caller.requests.claim({ id: posted.id });
    expect(await contactSeenBy(bo, posted.id)).toEqual({
      userId: ann.user.id,
      phone: ANN_PHONE,
      generalArea: "Elm Street",
      neighbour: null,
    });
    expect(await contactSeenBy(ann, posted.id)).toEqual({
      userId: bo.user.id,
      phone: BO_PHONE,
      generalArea: "Oak Close",
      neighbour: null,
    });
    expect(await contactSeenBy(cy, posted.id)).toBeNull();
    expect(await failure(olga.caller.requests.byId({ id: posted.id }))).toEqual({
      code: "NOT_FOUND",
      message: messages.requestNotFound,
    });

    // The lists and the other answers never carry a phone, for anyone.
    const everything = JSON.stringify([
      await bo.caller.requests.dashboard(),
      await bo.caller.requests.forGroup({ groupId: street.id }),
      await cy.caller.requests.dashboard(),
      await ann.caller.requests.mine({}),
      await ann.caller.requests.dashboard(),
    ]);
    expect(everything).not.toContain(ANN_PHONE);
    expect(everything).not.toContain(BO_PHONE);
    expect(everything).not.toContain('"contact"');

    // Given back: no claim, no contact, for the former helper or the requester.
    await bo.caller.requests.unclaim({ id: posted.id });
    expect(await contactSeenBy(bo, posted.id)).toBeNull();
    expect(await contactSeenBy(ann, posted.id)).toBeNull();

    // Claimed by another: the new pair, and only them.
    await cy.caller.requests.claim({ id: posted.id });
    expect(await contactSeenBy(cy, posted.id)).toEqual({
      userId: ann.user.id,
      phone: ANN_PHONE,
      generalArea: "Elm Street",
      neighbour: null,
    });
    expect(await contactSeenBy(ann, posted.id)).toEqual({
      userId: cy.user.id,
      phone: null,
      generalArea: null,
      neighbour: null,
    });
    expect(await contactSeenBy(bo, posted.id)).toBeNull();

    // Fulfilled: done, no longer shown to either.
    await cy.caller.requests.fulfill({ id: posted.id });
    expect(await contactSeenBy(cy, posted.id)).toBeNull();
    expect(await contactSeenBy(ann, posted.id)).toBeNull();
  });

  it("does not depend on what the requester chose if the item is not there", async () => {
    for (const choice of ["skip", "similar", "ask"] as const) {
      const { posted } = await post(ann, [bo], choice);
      await bo.caller.requests.claim({ id: posted.id });
      expect((await contactSeenBy(bo, posted.id))?.phone).toBe(ANN_PHONE);
    }
  });

  it("gives a null phone and area when the other person's profile has none", async () => {
    const [dee] = await h.neighbours("Dee");
    const { posted } = await post(dee!, [bo], "skip");
    await bo.caller.requests.claim({ id: posted.id });
    expect(await contactSeenBy(bo, posted.id)).toEqual({
      userId: dee!.user.id,
      phone: null,
      generalArea: null,
      neighbour: null,
    });
    expect(await contactSeenBy(dee!, posted.id)).toEqual({
      userId: bo.user.id,
      phone: BO_PHONE,
      generalArea: "Oak Close",
      neighbour: null,
    });
  });

  it("follows the profile: a phone changed while claimed is the one shown", async () => {
    const [eve] = await h.neighbours("Eve");
    const { posted } = await post(eve!, [cy]);
    await cy.caller.requests.claim({ id: posted.id });
    expect((await contactSeenBy(cy, posted.id))?.phone).toBeNull();
    await eve!.caller.user.updateProfile({ name: "Eve", phone: "+49 30 1234567", generalArea: "Birch Lane" });
    expect(await contactSeenBy(cy, posted.id)).toMatchObject({ phone: "+49 30 1234567", generalArea: "Birch Lane" });
  });
});
