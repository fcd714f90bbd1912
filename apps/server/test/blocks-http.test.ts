import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, DASHBOARD_URL, type Bearer, type TestApp } from "./test-app";

/**
 * Blocking over REST (issue 29, PRODUCT "Blocking"): the three routes, their statuses and the
 * OpenAPI document; and a dashboard served from the answer cache showing a block at once, for both.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type Who = Bearer;
type DashboardBody = [{ result: { data: { helpableRequests: { itemDescription: string }[] } } }];

async function annBoAndOlga() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  return street(app, { outsiders: ["olga"] });
}

async function helpable(who: Who): Promise<string[]> {
  const response = await rest(app, who, "GET", DASHBOARD_URL);
  return (JSON.parse(response.body) as DashboardBody)[0].result.data.helpableRequests.map((r) => r.itemDescription);
}

describe("blocking over REST", () => {
  it("blocks with 200, lists, unblocks with 200, and answers 404 for oneself, a stranger and no block", async () => {
    const { ann, bo, olga } = await annBoAndOlga();
    expect((await rest(app, ann, "POST", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    expect((await rest(app, ann, "POST", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    const list = await rest(app, ann, "GET", "/api/user/blocked");
    expect(list.json()).toEqual([{ id: bo.userId, name: expect.any(String), blockedAt: expect.any(String) }]);
    for (const [who, method, id] of [
      [ann, "POST", ann.userId],
      [ann, "POST", olga.userId],
      [bo, "DELETE", ann.userId],
    ] as const) {
      const refused = await rest(app, who, method, `/api/users/${id}/block`);
      expect([refused.statusCode, refused.json()]).toEqual([404, { error: messages.userNotFound }]);
    }
    expect((await rest(app, ann, "DELETE", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    expect((await rest(app, ann, "GET", "/api/user/blocked")).json()).toEqual([]);
  });

  it("is in the OpenAPI document", async () => {
    await annBoAndOlga();
    const paths = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(paths.paths["/api/users/{id}/block"] ?? {}).sort()).toEqual(["delete", "post"]);
    expect(Object.keys(paths.paths["/api/user/blocked"] ?? {})).toEqual(["get"]);
  });

  it("changes both cached dashboards at once: each one's requests leave the other's", async () => {
    const { ann, bo, groupId } = await annBoAndOlga();
    const neededBy = isoHoursAfter(app.clock, 24);
    await rest(app, ann, "POST", "/api/requests", { itemDescription: "Milk", groupId, neededBy });
    await rest(app, bo, "POST", "/api/requests", { itemDescription: "Eggs", groupId, neededBy });
    // Loaded twice: the second is the cache's.
    for (let i = 0; i < 2; i++) {
      expect(await helpable(ann)).toEqual(["Eggs"]);
      expect(await helpable(bo)).toEqual(["Milk"]);
    }
    await rest(app, bo, "POST", `/api/users/${ann.userId}/block`);
    expect(await helpable(ann)).toEqual([]);
    expect(await helpable(bo)).toEqual([]);
    await rest(app, bo, "DELETE", `/api/users/${ann.userId}/block`);
    expect(await helpable(ann)).toEqual(["Eggs"]);
    expect(await helpable(bo)).toEqual(["Milk"]);
  });
});

/**
 * Issue 38 (one visibility rule for a block): across a block, either way, nothing of the other's is read
 * or acted on through any route, each answering as a request across a block does (404), a take through
 * a trip as a claim (409).
 */
describe("a block over every route", () => {
  async function boPosts({ ann, bo, groupId }: Awaited<ReturnType<typeof annBoAndOlga>>) {
    const neededBy = isoHoursAfter(app.clock, 24);
    const post = (payload: object) =>
      rest(app, bo, "POST", "/api/requests", { groupId, neededBy, ...payload }).then((r) => r.json() as { id: string });
    const single = await post({ itemDescription: "Bo's eggs", storePreference: "Aldi" });
    const weekly = (await post({ itemDescription: "Bo's oat milk", repeat: { every: "week" } })) as {
      id: string;
      seriesId: string;
    };
    const departsAt = isoHoursAfter(app.clock, 48);
    const trip = (
      await rest(app, bo, "POST", "/api/trips", { groupIds: [groupId], store: "Rewe", departsAt })
    ).json() as {
      id: string;
    };
    const annsTrip = (
      await rest(app, ann, "POST", "/api/trips", { groupIds: [groupId], store: "Aldi", departsAt })
    ).json() as {
      id: string;
    };
    return { single, weekly, trip, annsTrip };
  }
  it.each([
    ["Ann blocked Bo", "ann"],
    ["Bo blocked Ann", "bo"],
  ] as const)("%s: Ann reads and acts on nothing of Bo's", async (_name, blocker) => {
    const people = await annBoAndOlga();
    const { ann, bo, groupId } = people;
    const of = await boPosts(people);
    const [from, to] = blocker === "ann" ? [ann, bo] : [bo, ann];
    expect((await rest(app, from, "POST", `/api/users/${to.userId}/block`)).statusCode).toBe(200);

    const probes: ["GET" | "POST", string, object?][] = [
      ["GET", `/api/request-series/${of.weekly.seriesId}`],
      ["POST", `/api/request-series/${of.weekly.seriesId}/take`],
      ["GET", `/api/trips/${of.trip.id}`],
      ["GET", `/api/trips/${of.trip.id}/calendar.ics`],
      ["POST", `/api/trips/${of.trip.id}/items`, { itemDescription: "Ann's pears" }],
      ["GET", `/api/requests/${of.single.id}`],
      ["GET", `/api/requests/${of.single.id}/calendar.ics`],
      ["POST", "/api/reports", { subject: { requestId: of.single.id }, groupId, category: "spam" }],
    ];
    const answers = [];
    for (const [method, url, payload] of probes)
      answers.push(`${method} ${url} ${(await rest(app, ann, method, url, payload)).statusCode}`);
    expect(answers).toEqual(probes.map(([method, url]) => `${method} ${url} 404`));
    const trips = (await rest(app, ann, "GET", "/api/trips")).json() as { id: string }[];
    expect(trips.map((t) => t.id)).toEqual([of.annsTrip.id]);
    // Bo's request is not offered to Ann's trip, and taking it is refused as a claim is.
    const annsTrip = (await rest(app, ann, "GET", `/api/trips/${of.annsTrip.id}`)).json() as { takeAlong: unknown[] };
    expect(annsTrip.takeAlong).toEqual([]);
    const take = await rest(app, ann, "POST", `/api/trips/${of.annsTrip.id}/take`, { requestIds: [of.single.id] });
    expect(take.statusCode, take.body).toBe(409);
    const series = (await rest(app, bo, "GET", `/api/request-series/${of.weekly.seriesId}`)).json() as {
      helperId: string | null;
    };
    expect(series.helperId).toBeNull();
    expect((await rest(app, bo, "GET", `/api/requests/${of.single.id}`)).json()).toMatchObject({ status: "open" });
    expect(
      ((await rest(app, bo, "GET", `/api/trips/${of.trip.id}`)).json() as { neighbours: unknown[] }).neighbours,
    ).toEqual([]);
    // Ann's calendar feed names nothing of Bo's.
    const { url } = (await rest(app, ann, "GET", "/api/user/calendar-feed")).json() as { url: string };
    const feed = await app.server.inject({ method: "GET", url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    for (const id of [of.single.id, of.weekly.id, of.trip.id]) expect(feed.body).not.toContain(id);
  });
});
