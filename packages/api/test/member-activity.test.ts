import { DAY_MS } from "@hyn/core";
import { users } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, groupWith } from "./support";

/** PRODUCT "Member activity" (issue 29): the owner's member list says how recently each member was active. */
const h = useHarness({ scope: "file" });

describe("how recently members were active", () => {
  it("is told to the owner in four buckets from the activity stamp, and to nobody else", async () => {
    const [owner, recent, monthly, quarterly, gone, never] = await h.neighbours(
      "Owner",
      "Rae",
      "Mo",
      "Quin",
      "Gus",
      "Nev",
    );
    const street = await groupWith(h, owner, [recent, monthly, quarterly, gone, never]);
    const now = h.clock.now().getTime();
    const stamp = async (who: { user: { id: string } }, lastActiveAt: Date | null) =>
      h.db.update(users).set({ lastActiveAt }).where(eq(users.id, who.user.id));
    await stamp(recent, new Date(now - 6 * DAY_MS));
    await stamp(monthly, new Date(now - 8 * DAY_MS));
    await stamp(quarterly, new Date(now - 89 * DAY_MS));
    await stamp(gone, new Date(now - 91 * DAY_MS));
    await stamp(never, null);

    const activityOf = async (viewer: typeof owner) =>
      Object.fromEntries((await viewer.caller.groups.members({ groupId: street.id })).map((m) => [m.name, m.activity]));
    expect(await activityOf(owner)).toEqual({
      Owner: "week",
      Rae: "week",
      Mo: "month",
      Quin: "quarter",
      Gus: "older",
      Nev: "older",
    });
    expect(Object.values(await activityOf(recent))).toEqual([null, null, null, null, null, null]);
  });
});
