import { HOUR_MS, hashToken, readDashboardFreshness, readFreshness, readGroupFreshness } from "@hyn/core";
import { groups, userLimits, users } from "@hyn/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, addMember, groupWith, quickNeighbours } from "./support";

/**
 * The answer cache's validation (ADR 0009): after a change is committed, the change log must report
 * it to every cached answer that shows it, and to no other. Each case takes a snapshot, makes one
 * change through the API (or, where no procedure makes it, straight in the table), and asks whether
 * anything in scope has committed since.
 */
const h = useHarness({ scope: "file" });
type Neighbour = Awaited<ReturnType<typeof quickNeighbours>>[number];
let ann: Neighbour, bo: Neighbour, cy: Neighbour, olga: Neighbour;
let street: { id: string };
let olgasGroup: { id: string };

beforeAll(async () => {
  [ann, bo, cy, olga] = (await quickNeighbours(h, 4, "fresh")) as [Neighbour, Neighbour, Neighbour, Neighbour];
  await h.db.update(userLimits).set({ maxOpenRequests: 100, maxGroupsCreated: 10, maxGroupsJoined: 10 });
  street = await groupWith(h, ann, [bo, cy]);
  olgasGroup = await groupWith(h, olga);
});

const inADay = () => h.inHours(24);
const post = (who: Neighbour, groupId = street.id) =>
  who.caller.requests.create({ itemDescription: "Milk", groupId, neededBy: inADay() });

/** Whether `change` is seen by `who`'s dashboard (or, with a group, by that group's list). */
async function seen(who: Neighbour, change: () => Promise<unknown>, groupId?: string): Promise<boolean> {
  const sessionId = hashToken(who.token);
  const read = (snapshot: string | null) =>
    groupId
      ? readGroupFreshness(h.db, sessionId, groupId, snapshot)
      : readDashboardFreshness(h.db, sessionId, snapshot);
  const before = await read(null);
  expect(before?.changed).toBe(false);
  await change();
  return (await read(before!.snapshot))!.changed;
}

describe("the change log, as the answer cache reads it", () => {
  it("reports nothing when nothing in scope changed", async () => {
    expect(await seen(bo, async () => {})).toBe(false);
    // Another group's news, a stranger's new name, and the hourly activity stamp change nothing Bo sees.
    expect(await seen(bo, () => post(olga, olgasGroup.id))).toBe(false);
    expect(
      await seen(bo, () => olga.caller.user.updateProfile({ name: "Olga B", phone: null, generalArea: null })),
    ).toBe(false);
    expect(
      await seen(bo, () => h.db.update(users).set({ lastActiveAt: h.clock.now() }).where(eq(users.id, bo.user.id))),
    ).toBe(false);
    expect(await seen(bo, () => post(olga, olgasGroup.id), street.id)).toBe(false);
  });

  it("reports every request change in the user's groups to their dashboard and to the group's list", async () => {
    let milk = await post(ann);
    for (const groupId of [undefined, street.id]) {
      expect(await seen(bo, async () => (milk = await post(ann)), groupId)).toBe(true);
      expect(await seen(bo, () => cy.caller.requests.claim({ id: milk.id }), groupId)).toBe(true);
      expect(await seen(bo, () => cy.caller.requests.unclaim({ id: milk.id }), groupId)).toBe(true);
      expect(
        await seen(bo, () => h.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, cy.user.id)), groupId),
      ).toBe(false);
      expect(await seen(bo, () => ann.caller.requests.remove({ id: milk.id }), groupId)).toBe(true);
    }
    const bread = await post(ann);
    await cy.caller.requests.claim({ id: bread.id });
    expect(await seen(bo, () => cy.caller.requests.fulfill({ id: bread.id }))).toBe(true);
  });

  it("reports a new name or area of anyone whose requests or claims are shown", async () => {
    const eggs = await post(ann);
    await cy.caller.requests.claim({ id: eggs.id });
    expect(
      await seen(bo, () => ann.caller.user.updateProfile({ name: "Ann Renamed", phone: null, generalArea: null })),
    ).toBe(true);
    expect(
      await seen(
        bo,
        () => cy.caller.user.updateProfile({ name: "Cy", phone: null, generalArea: "North end" }),
        street.id,
      ),
    ).toBe(true);
  });

  it("reports a new e-mail address of anyone shown, as a nameless person is shown by it (issue 17)", async () => {
    const eggs = await post(ann);
    await cy.caller.requests.claim({ id: eggs.id });
    // No procedure changes an address; an operator may, straight in the table.
    expect(
      await seen(bo, () =>
        h.db
          .update(users)
          .set({ email: `moved-${ann.email}` })
          .where(eq(users.id, ann.user.id)),
      ),
    ).toBe(true);
    expect(
      await seen(
        bo,
        () =>
          h.db
            .update(users)
            .set({ email: `moved-${cy.email}` })
            .where(eq(users.id, cy.user.id)),
        street.id,
      ),
    ).toBe(true);
  });

  it("reports membership, group and limit changes to the dashboards that show them", async () => {
    const [dee] = (await quickNeighbours(h, 1, "dee")) as [Neighbour];
    expect(await seen(bo, () => addMember(h, street.id, dee))).toBe(true);
    expect(await seen(dee, () => dee.caller.groups.leave({ groupId: street.id }))).toBe(true);
    expect(await seen(bo, () => h.db.update(groups).set({ name: "Elm Street" }).where(eq(groups.id, street.id)))).toBe(
      true,
    );
    expect(
      await seen(bo, () =>
        h.db.update(userLimits).set({ maxOpenRequests: 7 }).where(eq(userLimits.userId, bo.user.id)),
      ),
    ).toBe(true);
    expect(await seen(bo, () => bo.caller.groups.create({ name: "Bo's own" }))).toBe(true);
    expect(await seen(cy, () => ann.caller.groups.transferOwnership({ groupId: street.id, userId: cy.user.id }))).toBe(
      true,
    );
  });

  it("reports a change to the user's own request in a group they have since left", async () => {
    const [eve, fay] = (await quickNeighbours(h, 2, "eve")) as [Neighbour, Neighbour];
    const corner = await groupWith(h, fay, [eve]);
    const posted = await post(eve, corner.id);
    // Fay helps with it, so it stays when Eve leaves (an open one would be withdrawn: PRODUCT "Departures").
    await fay.caller.requests.claim({ id: posted.id });
    await eve.caller.groups.leave({ groupId: corner.id });
    // Her request stays in the group, and on her dashboard: what happens there must still reach her.
    expect((await fay.caller.requests.forGroup({ groupId: corner.id })).requests.map((r) => r.id)).toContain(posted.id);
    expect(await seen(eve, () => fay.caller.requests.fulfill({ id: posted.id }))).toBe(true);
    expect(
      await seen(eve, () => fay.caller.user.updateProfile({ name: "Fay", phone: null, generalArea: "Corner" })),
    ).toBe(true);
    expect(
      await seen(eve, () => h.db.update(groups).set({ name: "Corner Shop" }).where(eq(groups.id, corner.id))),
    ).toBe(true);
  });

  it("answers membership of the group with the session, and nothing for an unknown session", async () => {
    const sessionId = hashToken(olga.token);
    expect((await readGroupFreshness(h.db, sessionId, street.id, null))?.isMember).toBe(false);
    expect((await readGroupFreshness(h.db, hashToken(bo.token), street.id, null))?.isMember).toBe(true);
    expect(await readDashboardFreshness(h.db, hashToken("no-such-token"), null)).toBeNull();
    const fresh = await readDashboardFreshness(h.db, hashToken(bo.token), null);
    expect(fresh).toMatchObject({ user: { id: bo.user.id }, expiresAt: expect.any(Date) });
    expect(fresh!.expiresAt.getTime()).toBeGreaterThan(h.clock.now().getTime() + HOUR_MS);
  });

  it("answers many checks in one statement, each as if it had been sent alone", async () => {
    const bos = hashToken(bo.token);
    const olgas = hashToken(olga.token);
    const before = await readDashboardFreshness(h.db, bos, null);
    await post(ann);
    const checks = [
      { sessionId: bos, groupId: null, snapshot: before!.snapshot },
      { sessionId: hashToken("no-such-token"), groupId: null, snapshot: null },
      { sessionId: olgas, groupId: street.id, snapshot: before!.snapshot },
      { sessionId: bos, groupId: street.id, snapshot: null },
      { sessionId: olgas, groupId: null, snapshot: before!.snapshot },
    ];
    const together = await readFreshness(h.db, checks);
    const alone = await Promise.all(checks.map(async (check) => (await readFreshness(h.db, [check]))[0] ?? null));
    expect(
      together.map((answer) => answer && { user: answer.user.id, isMember: answer.isMember, changed: answer.changed }),
    ).toEqual([
      { user: bo.user.id, isMember: false, changed: true },
      null,
      { user: olga.user.id, isMember: false, changed: true },
      { user: bo.user.id, isMember: true, changed: false },
      { user: olga.user.id, isMember: false, changed: false },
    ]);
    const withoutSnapshot = (answer: (typeof together)[number]) => answer && { ...answer, snapshot: "" };
    expect(together.map(withoutSnapshot)).toEqual(alone.map(withoutSnapshot));
    expect(await readFreshness(h.db, [])).toEqual([]);
  });
});
