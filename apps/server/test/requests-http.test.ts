import { HOUR_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, postRequest, rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe('requests over REST (PRODUCT "Calls")', () => {
  it("posts (201), lists, claims, unclaims, fulfils, notifies and deletes, with the spec's texts and statuses", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, olga, groupId } = await street(app, { outsiders: ["olga"] });

    const neededBy = isoHoursAfter(app.clock, 24);
    const created = await rest(app, ann, "POST", "/api/requests", {
      itemDescription: " <b>Milk</b> ",
      groupId,
      neededBy,
      storePreference: "",
      pickupNotes: null,
    });
    expect(created.statusCode).toBe(201);
    const milk = created.json();
    expect(milk).toMatchObject({
      itemDescription: "Milk",
      neededBy,
      status: "open",
      displayStatus: "open",
      creator: { id: ann.userId },
      helper: null,
    });

    const missing = await rest(app, ann, "POST", "/api/requests", { itemDescription: "Eggs", groupId });
    expect([missing.statusCode, missing.json()]).toEqual([400, { error: messages.neededByRequired }]);
    const past = await rest(app, ann, "POST", "/api/requests", {
      itemDescription: "Eggs",
      groupId,
      neededBy: "2020-01-01T00:00:00Z",
    });
    expect([past.statusCode, past.json()]).toEqual([400, { error: messages.neededByFuture }]);
    const stranger = await rest(app, olga, "POST", "/api/requests", { itemDescription: "Eggs", groupId, neededBy });
    expect([stranger.statusCode, stranger.json()]).toEqual([403, { error: messages.notMember }]);

    expect((await rest(app, ann, "GET", "/api/user/requests")).json().map((r: { id: string }) => r.id)).toEqual([
      milk.id,
    ]);
    expect((await rest(app, bo, "GET", `/api/groups/${groupId}/requests`)).json()).toHaveLength(1);
    const notMember = await rest(app, olga, "GET", `/api/groups/${groupId}/requests`);
    expect([notMember.statusCode, notMember.json()]).toEqual([403, { error: messages.notMember }]);

    const own = await rest(app, ann, "POST", `/api/requests/${milk.id}/claim`);
    expect([own.statusCode, own.json()]).toEqual([403, { error: messages.cannotClaimOwn }]);
    const hidden = await rest(app, olga, "POST", `/api/requests/${milk.id}/claim`);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { error: messages.requestNotFound }]);
    const unclaimOpen = await rest(app, bo, "POST", `/api/requests/${milk.id}/unclaim`);
    expect([unclaimOpen.statusCode, unclaimOpen.json()]).toEqual([409, { error: messages.requestNotClaimed }]);
    const fulfilOpen = await rest(app, bo, "POST", `/api/requests/${milk.id}/fulfill`);
    expect([fulfilOpen.statusCode, fulfilOpen.json()]).toEqual([409, { error: messages.requestNotInClaimedStatus }]);
    const claimed = await rest(app, bo, "POST", `/api/requests/${milk.id}/claim`);
    expect([claimed.statusCode, claimed.json().status, claimed.json().helper.id]).toEqual([200, "claimed", bo.userId]);
    const again = await rest(app, bo, "POST", `/api/requests/${milk.id}/claim`);
    expect([again.statusCode, again.json()]).toEqual([409, { error: messages.requestNotClaimable }]);
    expect((await rest(app, bo, "POST", `/api/requests/${milk.id}/unclaim`)).json().status).toBe("open");
    await rest(app, bo, "POST", `/api/requests/${milk.id}/claim`);
    expect((await rest(app, bo, "POST", `/api/requests/${milk.id}/fulfill`)).json().status).toBe("fulfilled");
    const fulfilledDelete = await rest(app, ann, "DELETE", `/api/requests/${milk.id}`);
    expect([fulfilledDelete.statusCode, fulfilledDelete.json()]).toEqual([
      409,
      { error: messages.cannotDeleteFulfilled },
    ]);

    const bread = (
      await rest(app, ann, "POST", "/api/requests", { itemDescription: "Bread", groupId, neededBy })
    ).json();
    const tooSoon = await rest(app, ann, "POST", `/api/requests/${bread.id}/notify`);
    expect([tooSoon.statusCode, tooSoon.json()]).toEqual([429, { error: messages.notifyTooSoon }]);
    expect(Number(tooSoon.headers["retry-after"])).toBe(3600);
    app.clock.advance(HOUR_MS);
    const notified = await rest(app, ann, "POST", `/api/requests/${bread.id}/notify`);
    expect([notified.statusCode, notified.json()]).toEqual([
      200,
      {
        ok: true,
        notifiedCount: 0,
        reach: { now: 0, later: 0, daily: 0, weekly: 0, appOnly: 1 },
        lastNotifiedAt: app.clock.now().toISOString(),
        nextNotifyAt: isoHoursAfter(app.clock, 1),
      },
    ]);
    const notOwner = await rest(app, bo, "DELETE", `/api/requests/${bread.id}`);
    expect([notOwner.statusCode, notOwner.json()]).toEqual([403, { error: messages.onlyDeleteOwnRequests }]);
    const deleted = await rest(app, ann, "DELETE", `/api/requests/${bread.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { ok: true }]);

    const dashboard = await rest(app, bo, "GET", "/api/dashboard");
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({
      myRequests: [],
      helpableRequests: [],
      groups: [{ id: groupId, memberCount: 2 }],
    });
    const anonymous = await app.server.inject({ method: "GET", url: "/api/dashboard" });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);
  });
});

describe("one request over REST: GET /api/requests/{id} (issue 16)", () => {
  it("answers a member and the creator with the request, and everyone else, or a bad id, as the other request routes do", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, olga, groupId } = await street(app, { outsiders: ["olga"] });
    // The answer of the post adds who hears of it (PRODUCT "Who will hear"); the request itself is the rest.
    const { reach, ...milk } = (await postRequest(app, ann, { itemDescription: "Milk", groupId })).json();
    expect(reach).toEqual({ now: 0, later: 0, daily: 0, weekly: 0, appOnly: 1 });
    const get = (who: { headers: Record<string, string> } | null, id: string) =>
      app.server.inject({ method: "GET", url: `/api/requests/${id}`, headers: who?.headers ?? {} });

    const seen = await get(bo, milk.id);
    expect(seen.statusCode).toBe(200);
    // The page's answer adds `contact`: null but for the two people of a claim, while it is claimed (issue 30);
    // what the post reached is its owner's alone (issue 38).
    expect(seen.json()).toEqual({ ...milk, lastReach: null, contact: null });
    expect((await get(ann, milk.id)).json()).toEqual({ ...milk, contact: null });
    const hidden = await get(olga, milk.id);
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { error: messages.requestNotFound }]);
    const unknown = await get(bo, "00000000-0000-4000-8000-000000000000");
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: messages.requestNotFound }]);
    const malformed = await get(bo, "not-an-id");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.any(String) });
    expect((await get(null, milk.id)).statusCode).toBe(401);

    // Claimed: the requester sees the helper's phone and area, the helper the requester's; nobody else.
    const profile = (
      who: { headers: Record<string, string> },
      name: string,
      phone: string | null,
      generalArea: string,
    ) =>
      app.server.inject({
        method: "PUT",
        url: "/api/user/profile",
        headers: who.headers,
        payload: { name, phone, generalArea },
      });
    expect((await profile(ann, "Ann", "+44 20 7946 0958", "Elm Street")).statusCode).toBe(200);
    expect((await profile(bo, "Bo", null, "Oak Close")).statusCode).toBe(200);
    const claim = await postAs(app, bo, `/api/requests/${milk.id}/claim`);
    expect(claim.statusCode).toBe(200);
    expect((await get(bo, milk.id)).json().contact).toEqual({
      userId: ann.userId,
      phone: "+44 20 7946 0958",
      generalArea: "Elm Street",
      neighbour: null,
    });
    expect((await get(ann, milk.id)).json().contact).toEqual({
      userId: bo.userId,
      phone: null,
      generalArea: "Oak Close",
      neighbour: null,
    });
    expect((await get(olga, milk.id)).statusCode).toBe(404);

    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/api/requests/{id}"]?.get).toMatchObject({
      operationId: "requests_byId",
      responses: { 200: expect.anything(), 404: expect.anything() },
    });
  });
});

/** Reads server-sent events from a streaming response until `until` matches one, or fails after 5 s. */
async function readEvents(body: ReadableStream<Uint8Array>, until: (data: string) => boolean): Promise<string[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: string[] = [];
  let buffer = "";
  const deadline = Date.now() + 5000;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no matching event; saw ${seen.join(" | ")}`)), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith("data: ")) continue;
        seen.push(line.slice(6));
        if (until(line.slice(6))) return seen;
      }
    }
    throw new Error(`no matching event; saw ${seen.join(" | ")}`);
  } finally {
    reader.releaseLock();
  }
}

describe("live updates over SSE (ADR 0004)", () => {
  it("streams a neighbour's claim to the requester's open page, and the stream ends when the page goes away", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, groupId } = await street(app);
    const milk = (await postRequest(app, ann, { itemDescription: "Milk", groupId })).json();
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });

    const page = new AbortController();
    // The browser's EventSource sends the session cookie; a bearer token works the same.
    const response = await fetch(`${address}/trpc/requests.onChange`, {
      headers: { cookie: `hyn_session=${ann.token}`, accept: "text/event-stream" },
      signal: page.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    await readEvents(response.body!, (data) => data.includes('"connected"'));

    await postAs(app, bo, `/api/requests/${milk.id}/claim`);
    const events = await readEvents(response.body!, (data) => data.includes("request.claimed"));
    // Plain JSON, as every answer is (ADR 0033).
    expect(JSON.parse(events.at(-1)!)).toMatchObject({ type: "request.claimed", requestId: milk.id, groupId });

    page.abort();
    const deadline = Date.now() + 5000;
    while (app.services.live.streamCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(app.services.live.streamCount()).toBe(0);
  });

  it("refuses a stream without a session, and closing the server ends open streams", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    const anonymous = await fetch(`${address}/trpc/requests.onChange`, { headers: { accept: "text/event-stream" } });
    const anonymousEvents = await readEvents(anonymous.body!, (data) => data.includes(messages.noAuthenticatedUser));
    expect(anonymousEvents.at(-1)).toContain("UNAUTHORIZED");

    const open = await fetch(`${address}/trpc/requests.onChange`, {
      headers: { authorization: `Bearer ${ann.token}`, accept: "text/event-stream" },
    });
    await readEvents(open.body!, (data) => data.includes('"connected"'));
    const started = Date.now();
    await app.server.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("ends a stream when its session signs out, refused as a stream without one is, so the browser does not reconnect (issue 38)", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    const open = await fetch(`${address}/trpc/requests.onChange`, {
      headers: { authorization: `Bearer ${ann.token}`, accept: "text/event-stream" },
    });
    await readEvents(open.body!, (data) => data.includes('"connected"'));
    await postAs(app, ann, "/api/auth/signout");
    const events = await readEvents(open.body!, (data) => data.includes(messages.noAuthenticatedUser));
    // A non-retryable code: tRPC's client stops (a 5xx or an abort would have the EventSource reconnect).
    expect(events.at(-1)).toContain("UNAUTHORIZED");
  });

  it("ends open streams without tRPC's return event when the instance drains, so browsers reconnect (to another instance)", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
    const open = await fetch(`${address}/trpc/requests.onChange`, {
      headers: { authorization: `Bearer ${ann.token}`, accept: "text/event-stream" },
    });
    await readEvents(open.body!, (data) => data.includes('"connected"'));
    await app.services.live.close();
    // The rest of the stream: an EventSource that reads "event: return" closes for good.
    const reader = open.body!.getReader();
    let remainder = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      remainder += new TextDecoder().decode(chunk.value);
    expect(remainder).not.toContain("event: return");
  });
});
