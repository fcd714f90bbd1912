import { describe, expect, it } from "vitest";
import { useHarness, groupWith, type Neighbour } from "./support";

/** Issue 17, item 1: a person is shown by name, else by e-mail address, and the address only to fellow members. */
const h = useHarness({ scope: "file" });

const post = (who: Neighbour, groupId: string, item: string) =>
  who.caller.requests.create({ itemDescription: item, groupId, neededBy: h.inHours(24) });

describe("who is shown on a request", () => {
  it("a nameless requester and helper show as their e-mail addresses to fellow members, on every list", async () => {
    const [ann, bo, cy] = await h.neighbours("", "", "Cy");
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
    expect((await ann.caller.requests.dashboard()).helpableRequests.find((r) => r.id === eggs.id)!.creator.name).toBe(
      "Cy",
    );
  });

  it("someone no longer in the group is not shown by address, and neither is anyone to a requester who left", async () => {
    const [ann, bo, cy] = await h.neighbours("", "", "Cy");
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
    const [ann, bo] = await h.neighbours("", "");
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
