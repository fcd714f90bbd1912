import { HOUR_MS } from "@hyn/core";

const MINUTE_MS = 60_000;
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, type TestApp } from "./test-app";

/** Issue 41 over REST: GET /api/groups/{id}/health (§4), and a group's list showing "Nobody has offered yet" in time (§3). */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

async function annBoAndOlga() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  return street(app, { outsiders: ["olga"] });
}

describe("GET /api/groups/{id}/health", () => {
  it("answers the owner with the month's numbers, a member 403, an outsider 403, nobody 401, no group 404", async () => {
    const { ann, bo, olga, groupId } = await annBoAndOlga();
    const posted = await rest(app, ann, "POST", "/api/requests", {
      itemDescription: "Milk",
      groupId,
      neededBy: isoHoursAfter(app.clock, 24),
    });
    app.clock.advance(HOUR_MS / 2);
    await rest(app, bo, "POST", `/api/requests/${posted.json().id}/claim`);

    const health = await rest(app, ann, "GET", `/api/groups/${groupId}/health`);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      requests: 1,
      fulfilled: 0,
      fulfilledShare: 0,
      medianMinutesToFirstOffer: 30,
      unoffered: 0,
      helpers: 1,
      activeMembers: 2,
      quietMembers: [],
      generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(health.json().weeklyRequests.at(-1)).toEqual({ weekStart: expect.any(String), requests: 1 });

    const member = await rest(app, bo, "GET", `/api/groups/${groupId}/health`);
    expect([member.statusCode, member.json()]).toEqual([403, { error: messages.onlyOwnersSeeHealth }]);
    const outsider = await rest(app, olga, "GET", `/api/groups/${groupId}/health`);
    expect([outsider.statusCode, outsider.json()]).toEqual([403, { error: messages.notMember }]);
    const nobody = await rest(app, null, "GET", `/api/groups/${groupId}/health`);
    expect([nobody.statusCode, nobody.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);
    const none = await rest(app, ann, "GET", "/api/groups/00000000-0000-4000-8000-000000000000/health");
    expect([none.statusCode, none.json()]).toEqual([404, { error: messages.groupNotFound }]);
  });

  it("is in the OpenAPI document", async () => {
    await annBoAndOlga();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths["/api/groups/{id}/health"] ?? {})).toEqual(["get"]);
  });
});

describe("a group's list from the answer cache", () => {
  it("shows a request nobody has offered for as such once half its time has passed, not a stale answer", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    await rest(app, ann, "POST", "/api/requests", {
      itemDescription: "Milk",
      groupId,
      neededBy: isoHoursAfter(app.clock, 10),
    });
    const list = async () =>
      ((await rest(app, bo, "GET", `/api/groups/${groupId}/requests`)).json() as { awaitingFirstOffer: boolean }[]).map(
        (r) => r.awaitingFirstOffer,
      );
    // Five minutes before it is shown again: read twice, the second from the cache, which would serve for 10 minutes.
    app.clock.advance(5 * HOUR_MS - 5 * MINUTE_MS);
    expect(await list()).toEqual([false]);
    expect(await list()).toEqual([false]);
    app.clock.advance(5 * MINUTE_MS);
    expect(await list()).toEqual([true]);
  });
});
