import { describe, expect, it } from "vitest";
import { DAY_MS } from "../shared/clock";
import { groupHealthOf, healthQuietMembers, medianOf, shareOf, weeklyBuckets, type HealthRequest } from "./health";

const NOW = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const MINUTE = 60_000;

describe("the health card's pure figures (issue 41 §4)", () => {
  it("a median is the middle value, or the mean of the middle two, and none of nothing", () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([7])).toBe(7);
    expect(medianOf([30, 5, 90])).toBe(30);
    expect(medianOf([10, 40, 20, 30])).toBe(25);
  });

  it("a share is 0 to 1 to two decimals, and none of no whole", () => {
    expect(shareOf(0, 0)).toBeNull();
    expect(shareOf(2, 3)).toBe(0.67);
    expect(shareOf(4, 4)).toBe(1);
  });

  it("counts into 7-day spans ending now, oldest first, leaving out what is older or still to come", () => {
    const buckets = weeklyBuckets(
      [daysAgo(0.5), daysAgo(6.9), daysAgo(7), daysAgo(20), daysAgo(28), daysAgo(-1)],
      NOW,
      4,
    );
    expect(buckets.map((b) => b.requests)).toEqual([1, 1, 0, 3]);
    expect(buckets[0]!.weekStart).toEqual(daysAgo(28));
    expect(buckets[3]!.weekStart).toEqual(daysAgo(7));
    expect(weeklyBuckets([daysAgo(28.01)], NOW, 4).map((b) => b.requests)).toEqual([0, 0, 0, 0]);
  });

  it("a member is quiet after 30 days without a visit, counted from joining when they never came back", () => {
    const member = (name: string, lastActiveAt: Date | null, joinedAt: Date) => ({
      userId: name,
      name,
      lastActiveAt,
      joinedAt,
    });
    expect(
      healthQuietMembers(
        [
          member("Rae", daysAgo(2), daysAgo(100)),
          member("Mo", daysAgo(29.9), daysAgo(100)),
          member("Quin", daysAgo(30), daysAgo(100)),
          member("Gus", daysAgo(70), daysAgo(100)),
          member("Nev", null, daysAgo(45)),
          member("New", null, daysAgo(3)),
          // Joined after their last visit anywhere: quiet since joining.
          member("Late", daysAgo(90), daysAgo(10)),
        ],
        NOW,
      ),
    ).toEqual([
      { userId: "Gus", name: "Gus", quietSinceDays: 70 },
      { userId: "Nev", name: "Nev", quietSinceDays: 45 },
      { userId: "Quin", name: "Quin", quietSinceDays: 30 },
    ]);
  });

  it("answers the last 30 days: requests, fulfilled, minutes to the first offer, the never offered and the helpers", () => {
    const request = (days: number, over: Partial<HealthRequest> = {}): HealthRequest => ({
      createdAt: daysAgo(days),
      neededBy: new Date(daysAgo(days).getTime() + DAY_MS),
      status: "open",
      claimedBy: null,
      firstOfferedAt: null,
      ...over,
    });
    const offered = (days: number, minutes: number) => new Date(daysAgo(days).getTime() + minutes * MINUTE);
    const health = groupHealthOf(
      [
        request(2, { status: "fulfilled", claimedBy: "bo", firstOfferedAt: offered(2, 10) }),
        request(3, { status: "claimed", claimedBy: "cy", firstOfferedAt: offered(3, 50) }),
        // Given back: someone offered, nobody holds it now.
        request(4, { firstOfferedAt: offered(4, 30) }),
        request(5),
        // Still waiting, not yet "never offered".
        request(0.5),
        request(10, { status: "fulfilled", claimedBy: "bo", firstOfferedAt: offered(10, 120) }),
        // Before the 30 days: only on the sparkline.
        request(40, { status: "fulfilled", claimedBy: "dee", firstOfferedAt: offered(40, 1) }),
      ],
      [],
      NOW,
    );
    expect(health).toMatchObject({
      requests: 6,
      fulfilled: 2,
      fulfilledShare: 0.33,
      medianMinutesToFirstOffer: 40,
      unoffered: 1,
      helpers: 2,
      activeMembers: 0,
      quietMembers: [],
    });
    expect(health.weeklyRequests.map((w) => w.requests)).toEqual([0, 0, 1, 0, 0, 0, 1, 5]);
  });

  it("answers a month with no requests with nothing to divide", () => {
    expect(groupHealthOf([], [], NOW)).toMatchObject({
      requests: 0,
      fulfilled: 0,
      fulfilledShare: null,
      medianMinutesToFirstOffer: null,
      unoffered: 0,
      helpers: 0,
    });
  });
});
