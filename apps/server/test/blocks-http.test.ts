import { HOUR_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, DASHBOARD_URL, groupOf, type TestApp } from "./test-app";

/**
 * Blocking over REST (issue 29, PRODUCT "Blocking"): the three routes, their statuses and the
 * OpenAPI document; and a dashboard served from the answer cache showing a block at once, for both.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type Who = Awaited<ReturnType<typeof bearerFor>>;
type DashboardBody = [{ result: { data: { helpableRequests: { itemDescription: string }[] } } }];

async function street() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  const ann = await bearerFor(app, "ann@example.com");
  const bo = await bearerFor(app, "bo@example.com");
  const olga = await bearerFor(app, "olga@example.com");
  const groupId = await groupOf(app, ann, [bo]);
  return { ann, bo, olga, groupId };
}

const call = (who: Who, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  app.server.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function helpable(who: Who): Promise<string[]> {
  const response = await call(who, "GET", DASHBOARD_URL);
  return (JSON.parse(response.body) as DashboardBody)[0].result.data.helpableRequests.map((r) => r.itemDescription);
}

describe("blocking over REST", () => {
  it("blocks with 200, lists, unblocks with 200, and answers 404 for oneself, a stranger and no block", async () => {
    const { ann, bo, olga } = await street();
    expect((await call(ann, "POST", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    expect((await call(ann, "POST", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    const list = await call(ann, "GET", "/api/user/blocked");
    expect(list.json()).toEqual([{ id: bo.userId, name: expect.any(String), blockedAt: expect.any(String) }]);
    for (const [who, method, id] of [
      [ann, "POST", ann.userId],
      [ann, "POST", olga.userId],
      [bo, "DELETE", ann.userId],
    ] as const) {
      const refused = await call(who, method, `/api/users/${id}/block`);
      expect([refused.statusCode, refused.json()]).toEqual([404, { error: messages.userNotFound }]);
    }
    expect((await call(ann, "DELETE", `/api/users/${bo.userId}/block`)).statusCode).toBe(200);
    expect((await call(ann, "GET", "/api/user/blocked")).json()).toEqual([]);
  });

  it("is in the OpenAPI document", async () => {
    await street();
    const paths = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(paths.paths["/api/users/{id}/block"] ?? {}).sort()).toEqual(["delete", "post"]);
    expect(Object.keys(paths.paths["/api/user/blocked"] ?? {})).toEqual(["get"]);
  });

  it("changes both cached dashboards at once: each one's requests leave the other's", async () => {
    const { ann, bo, groupId } = await street();
    const neededBy = new Date(app.clock.now().getTime() + 24 * HOUR_MS).toISOString();
    await call(ann, "POST", "/api/requests", { itemDescription: "Milk", groupId, neededBy });
    await call(bo, "POST", "/api/requests", { itemDescription: "Eggs", groupId, neededBy });
    // Loaded twice: the second is the cache's.
    for (let i = 0; i < 2; i++) {
      expect(await helpable(ann)).toEqual(["Eggs"]);
      expect(await helpable(bo)).toEqual(["Milk"]);
    }
    await call(bo, "POST", `/api/users/${ann.userId}/block`);
    expect(await helpable(ann)).toEqual([]);
    expect(await helpable(bo)).toEqual([]);
    await call(bo, "DELETE", `/api/users/${ann.userId}/block`);
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
  async function boPosts({ ann, bo, groupId }: Awaited<ReturnType<typeof street>>) {
    const neededBy = new Date(app.clock.now().getTime() + 24 * HOUR_MS).toISOString();
    const post = (payload: object) =>
      call(bo, "POST", "/api/requests", { groupId, neededBy, ...payload }).then((r) => r.json() as { id: string });
    const single = await post({ itemDescription: "Bo's eggs", storePreference: "Aldi" });
    const weekly = (await post({ itemDescription: "Bo's oat milk", repeat: { every: "week" } })) as {
      id: string;
      seriesId: string;
    };
    const departsAt = new Date(app.clock.now().getTime() + 48 * HOUR_MS).toISOString();
    const trip = (await call(bo, "POST", "/api/trips", { groupIds: [groupId], store: "Rewe", departsAt })).json() as {
      id: string;
    };
    const annsTrip = (
      await call(ann, "POST", "/api/trips", { groupIds: [groupId], store: "Aldi", departsAt })
    ).json() as {
      id: string;
    };
    return { single, weekly, trip, annsTrip };
  }
  it.each([
    ["Ann blocked Bo", "ann"],
    ["Bo blocked Ann", "bo"],
  ] as const)("%s: Ann reads and acts on nothing of Bo's", async (_name, blocker) => {
    const people = await street();
    const { ann, bo, groupId } = people;
    const of = await boPosts(people);
    const [from, to] = blocker === "ann" ? [ann, bo] : [bo, ann];
    expect((await call(from, "POST", `/api/users/${to.userId}/block`)).statusCode).toBe(200);

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
      answers.push(`${method} ${url} ${(await call(ann, method, url, payload)).statusCode}`);
    expect(answers).toEqual(probes.map(([method, url]) => `${method} ${url} 404`));
    const trips = (await call(ann, "GET", "/api/trips")).json() as { id: string }[];
    expect(trips.map((t) => t.id)).toEqual([of.annsTrip.id]);
    // Bo's request is not offered to Ann's trip, and taking it is refused as a claim is.
    const annsTrip = (await call(ann, "GET", `/api/trips/${of.annsTrip.id}`)).json() as { takeAlong: unknown[] };
    expect(annsTrip.takeAlong).toEqual([]);
    const take = await call(ann, "POST", `/api/trips/${of.annsTrip.id}/take`, { requestIds: [of.single.id] });
    expect(take.statusCode, take.body).toBe(409);
    const series = (await call(bo, "GET", `/api/request-series/${of.weekly.seriesId}`)).json() as {
      helperId: string | null;
    };
    expect(series.helperId).toBeNull();
    expect((await call(bo, "GET", `/api/requests/${of.single.id}`)).json()).toMatchObject({ status: "open" });
    expect(
      ((await call(bo, "GET", `/api/trips/${of.trip.id}`)).json() as { neighbours: unknown[] }).neighbours,
    ).toEqual([]);
    // Ann's calendar feed names nothing of Bo's.
    const { url } = (await call(ann, "GET", "/api/user/calendar-feed")).json() as { url: string };
    const feed = await app.server.inject({ method: "GET", url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    for (const id of [of.single.id, of.weekly.id, of.trip.id]) expect(feed.body).not.toContain(id);
  });
});
