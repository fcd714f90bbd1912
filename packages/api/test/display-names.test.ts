import { HOUR_MS } from "@hyn/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../src/testing";
import { groupWith } from "./helpers/membership";

/** Issue 17, item 1: a person is shown by name, else by e-mail address, and the address only to fellow members. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

type Neighbour = Awaited<ReturnType<Harness["signUpUser"]>>;
const inHours = (hours: number) => new Date(h.clock.now().getTime() + hours * HOUR_MS);
const post = (who: Neighbour, groupId: string, item: string) => who.caller.requests.create({ itemDescription: item, groupId, neededBy: inHours(24) });

describe("who is shown on a request", () => {
  it("a nameless requester and helper show as their e-mail addresses to fellow members, on every list", async () => {
    const ann = await h.signUpUser({ name: "" });
    const bo = await h.signUpUser({ name: "" });
    const cy = await h.signUpUser({ name: "Cy" });
    const street = await groupWith(h, ann, [bo, cy]);
    const milk = await post(ann, street.id, "Milk");
    await bo.caller.requests.claim({ id: milk.id });

    const [inGroupList] = (await cy.caller.requests.forGroup({ groupId: street.id })).requests;
    expect(inGroupList!.creator.name).toBe(ann.email);
    expect(inGroupList!.helper!.name).toBe(bo.email);
    const [mine] = (await ann.caller.requests.dashboard()).myRequests;
    expect(mine!.helper!.name).toBe(bo.email);
    const [helping] = (await bo.caller.requests.dashboard()).helpableRequests;
    expect(helping!.creator.name).toBe(ann.email);
    const eggs = await post(cy, street.id, "Eggs");
    expect((await ann.caller.requests.dashboard()).helpableRequests.find((r) => r.id === eggs.id)!.creator.name).toBe("Cy");
  });

  it("someone no longer in the group is not shown by address, and neither is anyone to a requester who left", async () => {
    const ann = await h.signUpUser({ name: "" });
    const bo = await h.signUpUser({ name: "" });
    const cy = await h.signUpUser({ name: "Cy" });
    const street = await groupWith(h, cy, [ann, bo]);
    const milk = await post(ann, street.id, "Milk");
    await bo.caller.requests.claim({ id: milk.id });
    await ann.caller.groups.leave({ groupId: street.id });

    // Ann's request stays on her own list, but she no longer shares the group with Bo.
    const [mine] = (await ann.caller.requests.dashboard()).myRequests;
    expect(mine!.id).toBe(milk.id);
    expect(mine!.helper!.name).toBe("");
    const [seenByCy] = (await cy.caller.requests.forGroup({ groupId: street.id })).requests;
    expect(seenByCy!.creator.name).toBe("");
    expect(JSON.stringify(await cy.caller.requests.forGroup({ groupId: street.id }))).not.toContain(ann.email);
  });
});

describe("who is named in e-mails", () => {
  it("the posting notice and the claim notice name a nameless poster and helper by address", async () => {
    const ann = await h.signUpUser({ name: "" });
    const bo = await h.signUpUser({ name: "" });
    await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await bo.caller.user.updateEmailPreferences({ frequency: "immediate" });
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk");
    await bo.caller.requests.claim({ id: milk.id });
    await h.deliver();
    const toBo = h.inbox(bo.email).find((m) => m.subject.includes("Milk"))!;
    expect(toBo.text).toContain(ann.email);
    const toAnn = h.inbox(ann.email).find((m) => m.subject.includes("Milk"))!;
    expect(toAnn.subject).toBe(`${bo.email} offered to help with your request: Milk`);
  });
});
