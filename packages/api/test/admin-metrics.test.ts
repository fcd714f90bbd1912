import { groupMembers, groups, requests, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "@hyn/core";
import { useHarness, failure, groupWith } from "./support";

// Wednesday 17 June 2026, noon UTC: the month started on the 1st, the week on Monday the 15th.
const h = useHarness({
  config: { adminEmails: new Set(["admin@example.com"]) },
  startsAt: new Date("2026-06-17T12:00:00Z"),
});

const at = (iso: string) => new Date(iso);

describe("admin metrics", () => {
  it("computes every figure of a known data set", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const active = await h.signUpUser();
    const [lapsed, never] = await h.db
      .insert(users)
      .values([
        {
          email: "lapsed@example.com",
          passwordHash: "x",
          lastActiveAt: new Date(h.clock.now().getTime() - 40 * DAY_MS),
        },
        { email: "never@example.com", passwordHash: "x" },
      ])
      .returning({ id: users.id });
    const [g1, g2, g3] = await h.db
      .insert(groups)
      .values([
        { name: "Elm Street", createdBy: admin.user.id },
        { name: "Oak Close", createdBy: never!.id },
        { name: "Solo", createdBy: admin.user.id },
      ])
      .returning({ id: groups.id });
    await h.db.insert(groupMembers).values([
      { groupId: g1!.id, userId: admin.user.id },
      { groupId: g1!.id, userId: active.user.id },
      { groupId: g1!.id, userId: lapsed!.id },
      { groupId: g2!.id, userId: never!.id },
      { groupId: g3!.id, userId: admin.user.id },
    ]);
    const base = {
      userId: active.user.id,
      groupId: g1!.id,
      itemDescription: "Milk",
      neededBy: at("2026-07-01T00:00:00Z"),
    };
    await h.db.insert(requests).values([
      { ...base, createdAt: at("2026-06-02T09:00:00Z") },
      {
        ...base,
        status: "claimed",
        claimedBy: admin.user.id,
        createdAt: at("2026-05-20T08:00:00Z"),
        claimedAt: at("2026-05-20T10:00:00Z"),
      },
      {
        ...base,
        status: "fulfilled",
        claimedBy: admin.user.id,
        createdAt: at("2026-06-10T10:00:00Z"),
        claimedAt: at("2026-06-10T14:00:00Z"),
        fulfilledAt: at("2026-06-11T09:00:00Z"),
      },
      { ...base, createdAt: at("2026-06-15T07:00:00Z") },
    ]);

    const m = await admin.caller.admin.metrics();
    expect(m).toMatchObject({
      totalUsers: 4, // admin, active, lapsed, never
      activeUsers: 2, // admin and active signed in just now; lapsed 40 days ago; never not at all
      totalGroups: 3,
      totalRequestsThisMonth: 3, // 2, 10 and 15 June; not 20 May
      fulfillmentRate: 50, // claimed + fulfilled = 2 of 4
      fulfilledRate: 25, // issue 43: fulfilled alone = 1 of 4, beside it
      totalRequests: 4,
      claimedOrFulfilledCount: 2,
      fulfilledCount: 1,
      averageTimeToClaimHours: 3, // (2 h + 4 h) / 2
      claimCount: 2,
      averageGroupSize: 1.67, // 5 memberships / 3 groups, rounded to 2 decimals
    });
    expect(m.weekly).toHaveLength(12);
    const week = (iso: string) => m.weekly.find((w) => new Date(w.weekStart).toISOString() === iso);
    expect(week("2026-06-15T00:00:00.000Z")).toEqual({
      weekStart: at("2026-06-15T00:00:00Z"),
      posted: 1,
      fulfilled: 0,
    });
    expect(week("2026-06-08T00:00:00.000Z")).toMatchObject({ posted: 1, fulfilled: 1 });
    expect(week("2026-06-01T00:00:00.000Z")).toMatchObject({ posted: 1, fulfilled: 0 });
    expect(week("2026-05-18T00:00:00.000Z")).toMatchObject({ posted: 1, fulfilled: 0 });
    expect(m.weekly.reduce((sum, w) => sum + w.posted, 0)).toBe(4);
  });

  it("tells the site-wide median time to first offer and the share of requests nobody offered for (issue 41)", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const [g] = await h.db
      .insert(groups)
      .values({ name: "Elm Street", createdBy: admin.user.id })
      .returning({ id: groups.id });
    const posted = (daysAgo: number, over: Partial<typeof requests.$inferInsert> = {}) => {
      const createdAt = new Date(h.clock.now().getTime() - daysAgo * DAY_MS);
      return {
        userId: admin.user.id,
        groupId: g!.id,
        itemDescription: "Milk",
        createdAt,
        neededBy: new Date(createdAt.getTime() + DAY_MS),
        ...over,
      };
    };
    const offered = (daysAgo: number, minutes: number) =>
      new Date(h.clock.now().getTime() - daysAgo * DAY_MS + minutes * 60_000);
    await h.db.insert(requests).values([
      posted(2, { firstOfferedAt: offered(2, 10) }),
      posted(3, { firstOfferedAt: offered(3, 30), status: "claimed", claimedBy: admin.user.id }),
      posted(4, { firstOfferedAt: offered(4, 90) }),
      // Due and never offered.
      posted(5),
      // Still waiting: not counted as never offered.
      posted(0.2),
      // Older than 30 days.
      posted(40, { firstOfferedAt: offered(40, 5000) }),
      posted(41),
    ]);
    expect(await admin.caller.admin.metrics()).toMatchObject({ medianMinutesToFirstOffer: 30, neverOfferedRate: 25 });
  });

  it("answers zeros, not errors, on an empty database", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const m = await admin.caller.admin.metrics();
    expect(m).toMatchObject({
      totalUsers: 1,
      totalGroups: 0,
      fulfillmentRate: 0,
      fulfilledRate: 0,
      totalRequests: 0,
      averageTimeToClaimHours: 0,
      claimCount: 0,
      averageGroupSize: 0,
      medianMinutesToFirstOffer: null,
      neverOfferedRate: null,
    });
  });

  it("tells a claim within seconds (an average that rounds to 0 hours) apart from no claims at all", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const helper = await h.signUpUser();
    const street = await groupWith(h, admin, [helper]);
    const milk = await admin.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });
    h.clock.advance(10_000);
    await helper.caller.requests.claim({ id: milk.id });
    expect(await admin.caller.admin.metrics()).toMatchObject({ averageTimeToClaimHours: 0, claimCount: 1 });
  });

  it("is refused to non-admins, and the admin flag is read from the database on every call", async () => {
    const admin = await h.signUpUser({ email: "admin@example.com" });
    const member = await h.signUpUser();
    expect(await failure(member.caller.admin.metrics())).toEqual({
      code: "FORBIDDEN",
      message: messages.adminRequired,
    });
    expect(await failure((await h.caller()).admin.metrics())).toEqual({
      code: "UNAUTHORIZED",
      message: messages.noAuthenticatedUser,
    });

    await h.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    expect(await failure((await h.caller(admin.token)).admin.metrics())).toEqual({
      code: "FORBIDDEN",
      message: messages.adminRequired,
    });
    h.clock.advance(HOUR_MS);
  });
});
