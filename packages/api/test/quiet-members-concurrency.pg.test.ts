import { DAY_MS, createServices, silentLogger } from "@hyn/core";
import { createDb, userEmailPreferences, users } from "@hyn/db";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

/** PostgreSQL only: real parallel transactions on a pool of connections (issue 41 §5). */
const h = useHarness({ maxConnections: 20 });

describe("the quiet members' e-mail across instances (PostgreSQL)", () => {
  it("two server instances running the day's job at once send each quiet member exactly one, and a rerun none", async () => {
    const [owner, ...members] = await quickNeighbours(h, 13);
    const street = await groupWith(h, owner!, members);
    // Half of them have never had a preferences row: the job makes it, racing the other instance.
    await h.db.delete(userEmailPreferences).where(
      inArray(
        userEmailPreferences.userId,
        members.slice(0, 6).map((m) => m.user.id),
      ),
    );
    await owner!.caller.requests.create({ itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(24 * 60) });
    h.clock.advance(35 * DAY_MS);
    await h.db.update(users).set({ lastActiveAt: h.clock.now() }).where(eq(users.id, owner!.user.id));

    const secondHandle = await createDb({ url: h.url, maxConnections: 5 });
    try {
      const secondInstance = createServices({
        db: secondHandle.db,
        clock: h.clock,
        config: h.config,
        logger: silentLogger,
      });
      const runs = await Promise.all([
        h.services.notifications.runWhileAwayNotices(),
        secondInstance.notifications.runWhileAwayNotices(),
        h.services.notifications.runWhileAwayNotices(),
        secondInstance.notifications.runWhileAwayNotices(),
      ]);
      expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
      expect(await secondInstance.notifications.runWhileAwayNotices()).toEqual({ considered: 0, sent: 0 });
    } finally {
      await secondHandle.close();
    }
    await h.deliver();
    for (const member of members)
      expect(h.inbox(member.email).filter((m) => m.subject.endsWith("did this month"))).toHaveLength(1);
    expect(h.inbox(owner!.email).filter((m) => m.subject.endsWith("did this month"))).toHaveLength(0);
  });
});
