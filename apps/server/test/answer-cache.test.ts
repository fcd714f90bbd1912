import { HOUR_MS } from "@hyn/core";
import { groupMembers, requests, sessions, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, postRequest } from "./support/rest";
import { street } from "./support/street";
import { hoursAfter } from "./support/time";
import { batchUrl, bearerFor, createTestApp, DASHBOARD_URL, type Bearer, type TestApp } from "./test-app";

/**
 * The answer cache over HTTP (ADR 0009): what a hit sends must be what the normal path would send at
 * that moment; what it saves is every statement but one.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const trpcGroupList = (groupId: string) => batchUrl([{ path: "requests.forGroup", input: { groupId } }]);
const restGroupList = (groupId: string) => `/api/groups/${groupId}/requests`;
const FRESH = { "cache-control": "no-cache" };

type Who = Bearer;

async function annBoAndOlga() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  return street(app, { outsiders: ["olga"] });
}

async function get(who: Who, url: string, extraHeaders: Record<string, string> = {}) {
  const before = app.statementCount();
  const response = await app.server.inject({ method: "GET", url, headers: { ...who.headers, ...extraHeaders } });
  return { response, statements: app.statementCount() - before };
}

async function post(who: Who, groupId: string, itemDescription: string, neededBy = hoursAfter(app.clock, 24)) {
  const response = await postRequest(app, who, { itemDescription, groupId, neededBy: neededBy.toISOString() });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

type DashboardBody = [
  {
    result: {
      data: {
        serverTime: string;
        helpableRequests: { id: string; status: string; displayStatus: string; creator: { name: string } }[];
      };
    };
  },
];
const dashboardOf = (body: string) => (JSON.parse(body) as DashboardBody)[0].result.data;
/** The body with serverTime taken out: the one part a hit writes fresh. */
const withoutTime = (body: string) => body.replace(/"serverTime":"[^"]*"/, '"serverTime":""');

describe("the answer cache", () => {
  it("answers a hit with Connection: close once the instance drains, like every other answer", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    await get(bo, DASHBOARD_URL);
    // Not listening, so only the flag changes: what a proxy's kept connection gets from now on.
    await app.drain.drain(0);
    const hit = await get(bo, DASHBOARD_URL);
    expect(hit.statements).toBe(1);
    expect(hit.response.headers.connection).toBe("close");
  });

  it("answers a repeated dashboard with one statement: the same answer a fresh load gives, at the time it is sent", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    const first = await get(bo, DASHBOARD_URL);
    expect(first.response.statusCode).toBe(200);
    app.clock.advance(60_000);
    const hit = await get(bo, DASHBOARD_URL);
    const fresh = await get(bo, DASHBOARD_URL, FRESH);
    expect(hit.statements).toBe(1);
    expect(fresh.statements).toBeGreaterThan(1);
    expect(withoutTime(hit.response.body)).toBe(withoutTime(fresh.response.body));
    expect(withoutTime(hit.response.body)).toBe(withoutTime(first.response.body));
    expect(dashboardOf(hit.response.body).serverTime).toBe(app.clock.now().toISOString());
    expect(hit.response.headers["content-type"]).toBe(fresh.response.headers["content-type"]);
    expect(hit.response.headers.vary).toBe(fresh.response.headers.vary);
    // The same headers a fresh load has (the hit writes to the socket itself) but for framing: a hit
    // knows its length, tRPC's streamed answer goes chunked.
    const named = (headers: object) =>
      Object.keys(headers)
        .filter((name) => name !== "content-length" && name !== "transfer-encoding")
        .sort();
    expect(named(hit.response.headers)).toEqual(named(fresh.response.headers));
    expect(Number(hit.response.headers["content-length"])).toBe(Buffer.byteLength(hit.response.body));
    // The security headers still go on every answer.
    expect(hit.response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("shows a neighbour's claim, a new post and a new name on the very next load", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const milk = await post(bo, groupId, "Milk");
    await get(bo, DASHBOARD_URL);
    expect((await get(bo, DASHBOARD_URL)).statements).toBe(1);

    await postAs(app, ann, `/api/requests/${milk.id}/claim`);
    const afterClaim = await get(bo, DASHBOARD_URL);
    expect(afterClaim.statements).toBeGreaterThan(1);
    expect(afterClaim.response.body).toContain('"status":"claimed"');

    await post(ann, groupId, "Bread");
    expect(
      dashboardOf((await get(bo, DASHBOARD_URL)).response.body).helpableRequests.map((r) => r.creator.name),
    ).toEqual(["ann"]);
    await app.db.update(users).set({ name: "Ann Again" }).where(eq(users.id, ann.userId));
    expect(
      dashboardOf((await get(bo, DASHBOARD_URL)).response.body).helpableRequests.map((r) => r.creator.name),
    ).toEqual(["Ann Again"]);
  });

  it("counts a neighbour without the app added to the group on the very next load (issue 42 §1)", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const membersOnCard = async () => {
      const { response, statements } = await get(bo, DASHBOARD_URL);
      const data = (
        JSON.parse(response.body) as [{ result: { data: { groups: { id: string; memberCount: number }[] } } }]
      )[0].result.data;
      return { count: data.groups.find((group) => group.id === groupId)!.memberCount, statements };
    };
    const before = await membersOnCard();
    expect((await membersOnCard()).statements).toBe(1);
    const added = await postAs(app, ann, `/api/groups/${groupId}/offline-members`, {
      name: "Mrs. Okafor",
      phone: "020 7946 0000",
    });
    expect(added.statusCode).toBe(201);
    const after = await membersOnCard();
    expect(after.statements).toBeGreaterThan(1);
    expect(after.count).toBe(before.count + 1);
  });

  it("turns a request expired when its needed-by time passes, though nothing was written", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk", hoursAfter(app.clock, 1));
    expect(dashboardOf((await get(bo, DASHBOARD_URL)).response.body).helpableRequests).toHaveLength(1);
    expect((await get(bo, DASHBOARD_URL)).statements).toBe(1);
    app.clock.advance(HOUR_MS + 1000);
    const later = await get(bo, DASHBOARD_URL);
    expect(later.statements).toBeGreaterThan(1);
    expect(dashboardOf(later.response.body).helpableRequests).toEqual([]);
    const [list] = JSON.parse((await get(ann, trpcGroupList(groupId))).response.body) as [
      { result: { data: { requests: { displayStatus: string }[] } } },
    ];
    expect(list.result.data.requests.map((r) => r.displayStatus)).toEqual(["expired"]);
  });

  it("shares a group's list between its members, over tRPC and REST, and never with anyone else", async () => {
    const { ann, bo, olga, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    for (const url of [trpcGroupList(groupId), restGroupList(groupId)]) {
      const annsLoad = await get(ann, url);
      const bosLoad = await get(bo, url);
      expect(bosLoad.statements).toBe(1);
      expect(bosLoad.response.body).toBe(annsLoad.response.body);
      expect(bosLoad.response.body).toBe((await get(bo, url, FRESH)).response.body);
      // Shared, it carries nobody's reach: Ann's card on it would tell Bo how many neighbours hear her (issue 38).
      expect(annsLoad.response.body).toContain('"lastReach":null');
      expect(annsLoad.response.body).not.toMatch(/"lastReach":\{/);
      const stranger = await get(olga, url);
      expect(stranger.response.statusCode).toBe(403);
      expect(stranger.response.body).toContain(messages.notMember);
    }
    expect((await get(olga, restGroupList(groupId))).response.json()).toEqual({ error: messages.notMember });

    await app.db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, bo.userId)));
    expect((await get(bo, restGroupList(groupId))).response.statusCode).toBe(403);
    expect((await get(bo, trpcGroupList(groupId))).response.statusCode).toBe(403);
  });

  it('never gives someone in a block the list the group shares, nor keeps theirs for others (PRODUCT "Blocking")', async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const cy = await bearerFor(app, "cy@example.com");
    await app.db.insert(groupMembers).values({ groupId, userId: cy.userId });
    await post(ann, groupId, "Milk");
    await post(bo, groupId, "Eggs");
    const blocked = await postAs(app, ann, `/api/users/${bo.userId}/block`);
    expect(blocked.statusCode).toBe(200);
    for (const url of [trpcGroupList(groupId), restGroupList(groupId)]) {
      // Cy's load is kept for every member without a block; Ann's is her own, read afresh each time.
      const cysLoad = await get(cy, url);
      expect(cysLoad.response.body).toContain("Eggs");
      const annsLoad = await get(ann, url);
      expect(annsLoad.response.body).not.toContain("Eggs");
      expect(annsLoad.statements).toBeGreaterThan(1);
      expect((await get(ann, url)).response.body).not.toContain("Eggs");
      const cysAgain = await get(cy, url);
      expect(cysAgain.statements).toBe(1);
      expect(cysAgain.response.body).toContain("Eggs");
    }
    // Unblocked, Ann shares the group's list again, Bo's request in it.
    await app.server.inject({ method: "DELETE", url: `/api/users/${bo.userId}/block`, headers: ann.headers });
    const again = await get(ann, restGroupList(groupId));
    expect(again.response.body).toContain("Eggs");
  });

  it("serves a group list's first page with its next-page link, and never a later page from it", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const now = app.clock.now().getTime();
    await app.db.insert(requests).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: ann.userId,
        groupId,
        itemDescription: `Past ${i}`,
        neededBy: new Date(now - (i + 1) * HOUR_MS),
        createdAt: new Date(now - (i + 2) * HOUR_MS),
      })),
    );
    const first = await get(ann, restGroupList(groupId));
    const hit = await get(bo, restGroupList(groupId));
    expect(hit.statements).toBe(1);
    expect(hit.response.body).toBe(first.response.body);
    expect(hit.response.headers.link).toBe(first.response.headers.link);
    const next = /^<([^>]+)>; rel="next"$/.exec(String(hit.response.headers.link))![1]!;

    // A cursor page is its own answer, read afresh, however often it is asked for.
    for (let i = 0; i < 2; i++) {
      const later = await get(bo, next);
      expect(later.statements).toBeGreaterThan(1);
      expect((later.response.json() as unknown[]).length).toBe(10);
      expect(later.response.body).not.toBe(first.response.body);
    }
    const cursor = new URL(next, "http://x").searchParams.get("cursor");
    const trpcLater = batchUrl([{ path: "requests.forGroup", input: { groupId, cursor } }]);
    await get(bo, trpcGroupList(groupId));
    for (let i = 0; i < 2; i++) {
      const later = await get(bo, trpcLater);
      expect(later.statements).toBeGreaterThan(1);
      expect(later.response.body).not.toBe((await get(bo, trpcGroupList(groupId))).response.body);
    }
    expect((await get(bo, trpcGroupList(groupId))).statements).toBe(1);
  });

  it("lets the normal path record activity and slide the session, and refuses ended sessions", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    await get(bo, DASHBOARD_URL);
    app.clock.advance(2 * HOUR_MS);
    await get(bo, DASHBOARD_URL);
    const [row] = await app.db.select({ lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, bo.userId));
    expect(row!.lastActiveAt?.toISOString()).toBe(app.clock.now().toISOString());

    app.clock.advance(16 * 24 * HOUR_MS);
    expect((await get(bo, DASHBOARD_URL)).response.statusCode).toBe(200);
    const [session] = await app.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, bo.userId));
    expect(session!.expiresAt.getTime()).toBe(app.clock.now().getTime() + 30 * 24 * HOUR_MS);

    // That load went the normal way to write; the next one is built and kept, the one after is a hit.
    await get(bo, DASHBOARD_URL);
    expect((await get(bo, DASHBOARD_URL)).statements).toBe(1);
    await postAs(app, bo, "/api/auth/signout");
    const signedOut = await get(bo, DASHBOARD_URL);
    expect(signedOut.response.statusCode).toBe(401);
    expect(signedOut.response.body).toContain(messages.noAuthenticatedUser);
  });

  it("shows a repeating request stopped, or let go by its helper, on the very next load of either dashboard", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const posted = await postRequest(app, ann, { itemDescription: "Milk", groupId, repeat: { every: "week" } });
    const { seriesId } = posted.json() as { seriesId: string };
    const series = (action: string, who: Who) =>
      app.server.inject({
        method: action === "stop" ? "DELETE" : "POST",
        url: `/api/request-series/${seriesId}${action === "stop" ? "" : `/${action}`}`,
        headers: who.headers,
      });
    type Seen = { repeats: string | null; seriesHelperId: string | null };
    const seen = async (who: Who) => {
      const json = dashboardOf((await get(who, DASHBOARD_URL)).response.body) as unknown as {
        myRequests: Seen[];
        helpableRequests: Seen[];
      };
      return [...json.myRequests, ...json.helpableRequests][0]!;
    };

    expect((await series("take", bo)).statusCode).toBe(200);
    await get(ann, DASHBOARD_URL);
    await get(bo, DASHBOARD_URL);
    expect((await series("release", bo)).statusCode).toBe(200);
    expect((await seen(ann)).seriesHelperId).toBeNull();
    expect((await seen(bo)).seriesHelperId).toBeNull();

    expect((await series("take", bo)).statusCode).toBe(200);
    await get(ann, DASHBOARD_URL);
    await get(bo, DASHBOARD_URL);
    expect((await series("stop", ann)).statusCode).toBe(200);
    expect((await seen(ann)).repeats).toBeNull();
    expect((await seen(bo)).repeats).toBeNull();
  });

  it("checks calls that arrive together in one statement, and answers each as its own", async () => {
    const { ann, bo, olga, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    const calls = [
      ...[ann, bo].flatMap((who) =>
        [DASHBOARD_URL, trpcGroupList(groupId), restGroupList(groupId)].map((url) => ({ who, url })),
      ),
      { who: olga, url: DASHBOARD_URL },
    ];
    const fresh = await Promise.all(calls.map(({ who, url }) => get(who, url, FRESH)));
    for (const { who, url } of calls) await get(who, url);

    const before = app.statementCount();
    const together = await Promise.all(
      [...calls, ...calls].map(({ who, url }) => app.server.inject({ method: "GET", url, headers: who.headers })),
    );
    // 14 hits, checked in a few statements rather than one each.
    expect(app.statementCount() - before).toBeLessThanOrEqual(3);
    together.forEach((response, i) => {
      expect(response.statusCode).toBe(200);
      expect(withoutTime(response.body)).toBe(withoutTime(fresh[i % calls.length]!.response.body));
    });
    // A stranger's call in the same statement is still refused.
    const mixed = await Promise.all([
      get(bo, restGroupList(groupId)),
      get(olga, restGroupList(groupId)),
      get(ann, restGroupList(groupId)),
    ]);
    expect(mixed.map((load) => load.response.statusCode)).toEqual([200, 403, 200]);
  });

  it("answers the normal way when its own check fails", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await post(ann, groupId, "Milk");
    const before = await get(bo, DASHBOARD_URL);
    // Without its log the check cannot run; the dashboard itself does not need it.
    await app.db.execute(sql`drop table change_log cascade`);
    const after = await get(bo, DASHBOARD_URL);
    expect(after.response.statusCode).toBe(200);
    expect(withoutTime(after.response.body)).toBe(withoutTime(before.response.body));
    expect(after.statements).toBeGreaterThan(1);
  });

  it("is off with ANSWER_CACHE_MB=0: every load reads afresh", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false", ANSWER_CACHE_MB: "0" });
    const ann = await bearerFor(app, "ann@example.com");
    await get(ann, DASHBOARD_URL);
    expect((await get(ann, DASHBOARD_URL)).statements).toBeGreaterThan(1);
    expect(app.answerCache).toBeNull();
  });
});
