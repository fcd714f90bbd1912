/**
 * Issue 43: the Leave dialog says what leaving does to the person's claims, requests, trips and
 * invitations. The preview is the departure itself, rolled back: it says what the leave then does, and
 * changes nothing.
 */
import { groupMembers, trips } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness } from "./support";

const h = useHarness();

describe("what leaving a group would do", { timeout: 90_000 }, () => {
  it("counts the claims given back, the open requests deleted, the trips cancelled or taken out, and changes nothing", async () => {
    const [olga, tina, ann] = await h.neighbours("Olga", "Tina", "Ann");
    const street = await groupWith(h, olga, [tina, ann], "Elm Street");
    const lane = await groupWith(h, olga, [tina], "Oak Lane");
    // Tina helps with two of Ann's requests, and has one of her own open and one someone took.
    for (const item of ["Milk", "Bread"]) {
      const request = await ann.caller.requests.create({
        groupId: street.id,
        itemDescription: item,
        neededBy: h.inHours(48),
      });
      await tina.caller.requests.claim({ id: request.id });
    }
    await tina.caller.requests.create({ groupId: street.id, itemDescription: "Stamps", neededBy: h.inHours(48) });
    const taken = await tina.caller.requests.create({
      groupId: street.id,
      itemDescription: "Tea",
      neededBy: h.inHours(48),
    });
    await ann.caller.requests.claim({ id: taken.id });
    // A trip only in Elm Street (cancelled by leaving) and one in both groups (goes on for Oak Lane).
    const onlyHere = await tina.caller.trips.create({ groupIds: [street.id], store: "Aldi", departsAt: h.inHours(30) });
    const both = await tina.caller.trips.create({
      groupIds: [street.id, lane.id],
      store: "Lidl",
      departsAt: h.inHours(20),
    });
    // Olga's weekly request, which Tina does every time.
    const weekly = await olga.caller.requests.create({
      groupId: street.id,
      itemDescription: "Milk every week",
      neededBy: h.inHours(72),
      repeat: { every: "week" },
    });
    await tina.caller.requestSeries.take({ id: weekly.seriesId! });

    const preview = await tina.caller.groups.leavePreview({ groupId: street.id });
    expect(preview).toEqual({
      claimsReopened: 3, // Ann's two, and this week's milk (taking the series claims its occurrence)
      requestsWithdrawn: 1,
      invitationsCancelled: 0,
      seriesLetGo: 1,
      neighboursPassed: 0,
      tripsCancelled: [h.inHours(30)],
      tripsTakenOut: [h.inHours(20)],
    });

    // Nothing happened: still a member, the claims hers, the requests and trips as they were.
    const [membership] = await h.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, street.id), eq(groupMembers.userId, tina.user.id)));
    expect(membership).toBeDefined();
    const dashboard = await ann.caller.requests.dashboard();
    expect(dashboard.myRequests.filter((r) => r.claimedBy === tina.user.id)).toHaveLength(2);
    const statuses = await h.db.select({ id: trips.id, status: trips.status }).from(trips);
    expect(statuses.find((t) => t.id === onlyHere.id)?.status).toBe("open");
    expect(statuses.find((t) => t.id === both.id)?.status).toBe("open");
    expect(await olga.caller.requestSeries.byId({ id: weekly.seriesId! })).toMatchObject({ helperId: tina.user.id });

    // And the leave itself does what the preview said.
    await tina.caller.groups.leave({ groupId: street.id });
    const after = await ann.caller.requests.dashboard();
    expect(
      after.myRequests
        .filter((r) => r.status === "open")
        .map((r) => r.itemDescription)
        .sort(),
    ).toEqual(["Bread", "Milk"]);
    const statusesAfter = await h.db.select({ id: trips.id, status: trips.status }).from(trips);
    expect(statusesAfter.find((t) => t.id === onlyHere.id)?.status).toBe("cancelled");
    expect(statusesAfter.find((t) => t.id === both.id)?.status).toBe("open");
    expect(await olga.caller.requestSeries.byId({ id: weekly.seriesId! })).toMatchObject({ helperId: null });
  });

  it("is refused to someone not in the group", async () => {
    const [olga, bo] = await h.neighbours("Olga", "Bo");
    const street = await groupWith(h, olga, [], "Elm Street");
    expect((await failure(bo.caller.groups.leavePreview({ groupId: street.id }))).code).toBe("FORBIDDEN");
  });
});
