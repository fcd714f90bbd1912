/**
 * Issue 43 §2 and state 4 (PRODUCT "Departures"): a helper who departs (leaves, is removed, is suspended,
 * deletes the account) gives each request they had offered to help with back to its requester, who is told
 * as when a helper gives one back; and a request whose requester has left the group never opens again there.
 */
import { requests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness, type Neighbour } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

const subjectsSince = (who: Neighbour, before: number) =>
  h
    .inbox(who.email)
    .slice(before)
    .map((m) => m.subject);

/** Ana's milk in Elm Street (owned by Olga), claimed by Carla. */
async function street() {
  const [olga, ana, carla, eve] = await h.neighbours("Olga", "Ana", "Carla", "Eve");
  const group = await groupWith(h, olga, [ana, carla, eve], "Elm Street");
  const milk = await ana.caller.requests.create({
    groupId: group.id,
    itemDescription: "Milk",
    neededBy: h.inHours(24),
  });
  await carla.caller.requests.claim({ id: milk.id });
  await h.deliver();
  return { olga, ana, carla, eve, group, milk, before: h.inbox(ana.email).length };
}
type Street = Awaited<ReturnType<typeof street>>;

const departures: Record<string, (s: Street) => Promise<unknown>> = {
  leaving: (s) => s.carla.caller.groups.leave({ groupId: s.group.id }),
  "being removed": (s) => s.olga.caller.groups.removeMember({ groupId: s.group.id, userId: s.carla.user.id }),
  "being suspended": async (s) => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    return admin.caller.admin.suspendUser({ id: s.carla.user.id, reason: "Spam" });
  },
  "deleting the account": (s) => s.carla.caller.user.deleteAccount({ password: s.carla.password }),
};

describe("a helper who departs tells each requester their request needs a helper again", { timeout: 60_000 }, () => {
  for (const [way, depart] of Object.entries(departures))
    it(`${way}: the requester gets the give-back notice, and the request is open`, async () => {
      const s = await street();
      await depart(s);
      expect(await s.ana.caller.requests.byId({ id: s.milk.id })).toMatchObject({ status: "open", claimedBy: null });
      await h.deliver();
      expect(subjectsSince(s.ana, s.before)).toEqual(["Carla can no longer help with your request: Milk"]);
    });

  it("a requester who turned request-update e-mails off is not e-mailed", async () => {
    const s = await street();
    await s.ana.caller.user.updateNotificationKind({ kind: "request_updates", email: false });
    await s.carla.caller.groups.leave({ groupId: s.group.id });
    await h.deliver();
    expect(subjectsSince(s.ana, s.before)).toEqual([]);
  });
});

describe("a former member's request never opens again in the group they left (state 4)", { timeout: 60_000 }, () => {
  for (const [way, depart] of Object.entries(departures))
    it(`${way}: the helper's departure withdraws it instead`, async () => {
      const s = await street();
      await s.ana.caller.groups.leave({ groupId: s.group.id });
      // Someone is helping, so it stays while the requester is gone.
      expect((await h.db.select().from(requests).where(eq(requests.id, s.milk.id))).length).toBe(1);
      await depart(s);
      expect(await h.db.select({ id: requests.id }).from(requests).where(eq(requests.id, s.milk.id))).toEqual([]);
      expect((await s.eve.caller.requests.dashboard()).helpableRequests.map((r) => r.id)).not.toContain(s.milk.id);
    });
});
