import { hashToken, readDashboardFreshness } from "@hyn/core";
import { createDb, requests, type DbHandle } from "@hyn/db";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useHarness, groupWith, quickNeighbours } from "./support";

/** Two connections at once: a change still in flight while another reader takes its snapshot. */
const h = useHarness();
let other: DbHandle;
beforeEach(async () => {
  other = await createDb({ url: h.url, maxConnections: 2 });
});
afterEach(async () => {
  await other.close();
});

describe("answer freshness under concurrent writes (PostgreSQL)", () => {
  it("a change that began before an answer's snapshot and committed after it is reported, not lost", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!, [bo!]);
    const milk = await ann!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });
    const sessionId = hashToken(ann!.token);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wasWritten = new Promise<void>((resolve) => (written = resolve));
    // Bo's claim takes its transaction id first and holds it open...
    const claim = other.db.transaction(async (tx) => {
      await tx
        .update(requests)
        .set({ status: "claimed", claimedBy: bo!.user.id, claimedAt: h.clock.now() })
        .where(eq(requests.id, milk.id));
      written();
      await released;
    });
    await wasWritten;
    // ...while Ann's answer is built after a snapshot that cannot see it, and a later transaction commits.
    const before = await readDashboardFreshness(h.db, sessionId, null);
    await ann!.caller.requests.create({ itemDescription: "Bread", groupId: street.id, neededBy: h.inHours(24) });
    const dashboardThen = await ann!.caller.requests.dashboard();
    expect(dashboardThen.myRequests.find((r) => r.id === milk.id)?.status).toBe("open");
    release();
    await claim;

    // A "highest change id" check would miss the claim: a later id committed first. The snapshot does not.
    const after = await readDashboardFreshness(h.db, sessionId, before!.snapshot);
    expect(after!.changed).toBe(true);
    // And a snapshot taken after everything committed reports nothing new.
    expect((await readDashboardFreshness(h.db, sessionId, after!.snapshot))!.changed).toBe(false);
  });
});
