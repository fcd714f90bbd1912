import { HOUR_MS } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness, type Neighbour } from "./support";

/**
 * Issue 43 §4: a request is announced at most twice to the same person (its posting and one reminder),
 * whichever route: "Notify group", the "Still needed" alert, a give-back told to the group.
 */
const posted = new Date("2026-06-01T10:00:00Z");
const h = useHarness({ startsAt: posted });
const at = (hoursAfterPosting: number) => new Date(posted.getTime() + hoursAfterPosting * HOUR_MS);

/** Every e-mail `who` received about the milk, other than a summary. */
async function milkMails(who: Neighbour) {
  await h.deliver();
  return h
    .inbox(who.email)
    .filter((m) => m.subject.includes("Two pints of milk"))
    .map((m) => m.subject);
}

async function street() {
  const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
  const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
  const cy = await h.signUpUser({ name: "Cy", frequency: "immediate" });
  const group = await groupWith(h, ann, [bo, cy], "Elm Street");
  h.clock.set(posted);
  const request = await ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: at(20),
  });
  return { ann, bo, cy, group, request };
}

describe("a request announced to the same person", () => {
  it('is announced twice at most: "Notify group" twice tells each neighbour once more, not twice', async () => {
    const { ann, cy, request } = await street();
    h.clock.set(at(1));
    expect((await ann.caller.requests.notify({ id: request.id })).notifiedCount).toBe(2);
    h.clock.set(at(2.5));
    expect((await ann.caller.requests.notify({ id: request.id })).notifiedCount).toBe(0);
    expect(await milkMails(cy)).toHaveLength(2);
  });

  it('a give-back told to the group after "Notify group" is not a third notice', async () => {
    const { ann, bo, cy, request } = await street();
    h.clock.set(at(1));
    await ann.caller.requests.notify({ id: request.id });
    h.clock.set(at(1.5));
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.unclaim({ id: request.id });
    expect(await milkMails(cy)).toHaveLength(2);
  });

  it("a give-back after the posting alone is still told (the one reminder)", async () => {
    const { bo, cy, request } = await street();
    h.clock.set(at(1.5));
    await bo.caller.requests.claim({ id: request.id });
    await bo.caller.requests.unclaim({ id: request.id });
    const mails = await milkMails(cy);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/needs a helper again$/);
  });
});
