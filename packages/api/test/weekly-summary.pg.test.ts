import { DAY_MS, createServices, latestWeeklySlot, silentLogger } from "@hyn/core";
import { createDb, emailOutbox, userEmailPreferences } from "@hyn/db";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

/** PostgreSQL only: two server instances, each with its own pool, running the weekly summary at once. */
const h = useHarness({ maxConnections: 20, startsAt: new Date("2026-06-01T10:00:00Z") });

describe("the weekly summary on two instances (PostgreSQL, issue 41)", () => {
  it("sends each weekly member exactly one, however many runs of the same slot overlap", async () => {
    const [poster, ...members] = await quickNeighbours(h, 13, "weekly");
    await h.db
      .update(userEmailPreferences)
      .set({ frequency: "weekly" })
      .where(
        inArray(
          userEmailPreferences.userId,
          members.map((m) => m.user.id),
        ),
      );
    const street = await groupWith(h, poster!, members);
    await poster!.caller.requests.create({ itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(10 * 24) });
    // Sunday 7 June, 08:00 UTC: the week's slot.
    h.clock.set(new Date("2026-06-07T08:05:00Z"));
    const slot = latestWeeklySlot(h.clock.now(), { weekday: 0, hour: 8, timeZone: "UTC" });
    expect(slot.toISOString()).toBe("2026-06-07T08:00:00.000Z");

    const secondHandle = await createDb({ url: h.url, maxConnections: 5 });
    try {
      const secondInstance = createServices({
        db: secondHandle.db,
        clock: h.clock,
        config: h.config,
        logger: silentLogger,
      });
      const runs = await Promise.all([
        h.services.notifications.runWeeklySummary({ slot }),
        secondInstance.notifications.runWeeklySummary({ slot }),
        h.services.notifications.runWeeklySummary({ slot }),
        secondInstance.notifications.runWeeklySummary({ slot }),
      ]);
      expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
      // And once more after they all finished: everybody has had this week's.
      expect(await secondInstance.notifications.runWeeklySummary({ slot })).toEqual({ considered: 0, sent: 0 });
    } finally {
      await secondHandle.close();
    }
    const queued = await h.db
      .select({ userId: emailOutbox.userId })
      .from(emailOutbox)
      .where(eq(emailOutbox.emailType, "weekly_summary"));
    expect(queued.map((q) => q.userId).sort()).toEqual(members.map((m) => m.user.id).sort());

    // The next Sunday's slot is served anew (for whoever's week had something in it).
    h.clock.advance(7 * DAY_MS);
    await poster!.caller.requests.create({ itemDescription: "Bread", groupId: street.id, neededBy: h.inHours(72) });
    const next = latestWeeklySlot(h.clock.now(), { weekday: 0, hour: 8, timeZone: "UTC" });
    expect(await h.services.notifications.runWeeklySummary({ slot: next })).toEqual({ considered: 12, sent: 12 });
  });
});
