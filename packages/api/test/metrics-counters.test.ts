import { DAY_MS, HOUR_MS, MINUTE_MS } from "@hyn/core";
import { rowsOf, userLimits, users } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, inviteAndJoin, createGroup, type Neighbour } from "./support";

/**
 * The admin metrics read counters that triggers keep (ADR 0006). Whatever happens through the
 * services, the counters must give the same figures as counting the tables from scratch.
 */
const h = useHarness({
  scope: "file",
  config: { adminEmails: new Set(["admin@example.com"]) },
  startsAt: new Date("2026-06-17T12:00:00Z"),
});
let admin: Neighbour;
let ann: Neighbour;
let bo: Neighbour;
let cy: Neighbour;

beforeAll(async () => {
  admin = await h.signUpUser({ email: "admin@example.com" });
  [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
  await h.db.update(userLimits).set({ maxOpenRequests: 100 });
});

const round2 = (value: number) => Math.round(value * 100) / 100;

interface Recount {
  total_users: string | number;
  active_users: string | number;
  total_groups: string | number;
  memberships: string | number;
  requests_this_month: string | number;
  total_requests: string | number;
  taken: string | number;
  avg_claim_seconds: string | number | null;
}

/** The figures counted over the tables themselves: what the counters must always agree with. */
async function recount() {
  const now = h.clock.now();
  const activeSince = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const [r] = rowsOf<Recount>(
    await h.db.execute(sql`
      SELECT (SELECT count(*) FROM users) AS total_users,
        (SELECT count(*) FROM users WHERE last_active_at >= ${activeSince}::timestamptz) AS active_users,
        (SELECT count(*) FROM groups) AS total_groups,
        (SELECT count(*) FROM group_members) AS memberships,
        (SELECT count(*) FROM requests WHERE created_at >= ${monthStart}::timestamptz) AS requests_this_month,
        (SELECT count(*) FROM requests) AS total_requests,
        (SELECT count(*) FROM requests WHERE status IN ('claimed', 'fulfilled')) AS taken,
        (SELECT avg(extract(epoch FROM claimed_at - created_at)) FROM requests WHERE claimed_at IS NOT NULL) AS avg_claim_seconds`),
  );
  const n = (v: string | number | null) => Number(v ?? 0);
  return {
    totalUsers: n(r!.total_users),
    activeUsers: n(r!.active_users),
    totalGroups: n(r!.total_groups),
    totalRequestsThisMonth: n(r!.requests_this_month),
    fulfillmentRate: n(r!.total_requests) === 0 ? 0 : round2((n(r!.taken) / n(r!.total_requests)) * 100),
    averageTimeToClaimHours: round2(n(r!.avg_claim_seconds) / 3600),
    averageGroupSize: n(r!.total_groups) === 0 ? 0 : round2(n(r!.memberships) / n(r!.total_groups)),
  };
}

async function expectCountersToMatchTables() {
  const figures = await admin.caller.admin.metrics();
  const expected = await recount();
  expect(figures).toMatchObject(expected);
  return figures;
}

describe("admin metric counters", () => {
  it("follow every change made through the services: posts, claims, unclaims, fulfilments, deletions, leaving and removal", async () => {
    const street = await createGroup(ann, "Elm Street");
    await inviteAndJoin(ann, bo, street.id);
    await inviteAndJoin(ann, cy, street.id);
    const other = await createGroup(bo, "Oak Close");
    await inviteAndJoin(bo, cy, other.id);
    let figures = await expectCountersToMatchTables();
    expect(figures).toMatchObject({ totalGroups: 2, averageGroupSize: 2.5, totalRequestsThisMonth: 0 });

    const post = (who: Neighbour, groupId: string, item: string) =>
      who.caller.requests.create({ itemDescription: item, groupId, neededBy: h.inHours(48) });
    const milk = await post(ann, street.id, "Milk");
    const bread = await post(ann, street.id, "Bread");
    const eggs = await post(cy, other.id, "Eggs");
    const soap = await post(bo, street.id, "Soap");
    h.clock.advance(2 * HOUR_MS);
    await bo.caller.requests.claim({ id: milk.id });
    h.clock.advance(HOUR_MS);
    await cy.caller.requests.claim({ id: bread.id });
    await bo.caller.requests.claim({ id: eggs.id });
    figures = await expectCountersToMatchTables();
    expect(figures).toMatchObject({ totalRequestsThisMonth: 4, fulfillmentRate: 75 });

    // An unclaim takes its claim time back out; a fulfilment counts in the week it happened.
    await cy.caller.requests.unclaim({ id: bread.id });
    await bo.caller.requests.fulfill({ id: milk.id });
    figures = await expectCountersToMatchTables();
    expect(figures.averageTimeToClaimHours).toBe(2.5);
    expect(figures.weekly.at(-1)).toMatchObject({ posted: 4, fulfilled: 1 });

    await ann.caller.requests.remove({ id: bread.id });
    await expectCountersToMatchTables();

    // Leaving, removal, and a group that disappears with its requests when its last member leaves.
    await ann.caller.groups.removeMember({ groupId: street.id, userId: cy.user.id });
    await cy.caller.groups.leave({ groupId: other.id });
    await bo.caller.requests.unclaim({ id: eggs.id });
    await bo.caller.groups.leave({ groupId: other.id });
    figures = await expectCountersToMatchTables();
    expect(figures.totalGroups).toBe(1);
    void soap;
  });

  it("count a user active from the exact instant 30 days ago, not from the start of that day", async () => {
    const now = h.clock.now();
    const [inside, outside] = await h.db
      .insert(users)
      .values([
        {
          email: "inside@example.com",
          passwordHash: "x",
          lastActiveAt: new Date(now.getTime() - 30 * DAY_MS + MINUTE_MS),
        },
        {
          email: "outside@example.com",
          passwordHash: "x",
          lastActiveAt: new Date(now.getTime() - 30 * DAY_MS - MINUTE_MS),
        },
      ])
      .returning({ id: users.id });
    const before = (await admin.caller.admin.metrics()).activeUsers;
    await expectCountersToMatchTables();

    // Signing in again moves a user's day: the old day's count goes down, the new one's up.
    await h.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, outside!.id));
    expect((await expectCountersToMatchTables()).activeUsers).toBe(before + 1);
    await h.db.delete(users).where(eq(users.id, inside!.id));
    expect((await expectCountersToMatchTables()).activeUsers).toBe(before);
  });

  it("are read in two statements however much data there is", async () => {
    const before = h.handle.statementCount();
    await admin.caller.admin.metrics();
    // The admin check reads the user, then the two counter statements run side by side.
    expect(h.handle.statementCount() - before).toBeLessThanOrEqual(3);
  });
});
