import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { deliverAllEmails } from "./support/mail";
import { postAs, postRequest } from "./support/rest";
import { street } from "./support/street";
import { createTestApp, DASHBOARD_URL, type Bearer, type TestApp } from "./test-app";

/** POST /api/requests/{id}/thank over HTTP, and the cached dashboards and group lists showing it at once. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type Who = Bearer;
type Card = { id: string; status: string; thankedAt: string | null };
type DashboardBody = [{ result: { data: { myRequests: Card[]; helpableRequests: Card[] } } }];

async function fulfilledMilk() {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  const { ann, bo, groupId } = await street(app);
  const created = await postRequest(app, ann, { itemDescription: "Milk", groupId });
  const { id } = created.json() as { id: string };
  for (const step of ["claim", "fulfill"]) {
    expect((await postAs(app, bo, `/api/requests/${id}/${step}`)).statusCode).toBe(200);
  }
  return { ann, bo, groupId, requestId: id };
}

const thank = (who: Who, requestId: string) => postAs(app, who, `/api/requests/${requestId}/thank`);

async function dashboard(who: Who) {
  const before = app.statementCount();
  const response = await app.server.inject({ method: "GET", url: DASHBOARD_URL, headers: who.headers });
  return {
    data: (JSON.parse(response.body) as DashboardBody)[0].result.data,
    statements: app.statementCount() - before,
  };
}

describe("POST /api/requests/{id}/thank", () => {
  it("answers the thanked request, then 409 on a second tap; the helper's e-mail goes out", async () => {
    const { ann, bo, requestId } = await fulfilledMilk();
    const first = await thank(ann, requestId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: requestId,
      status: "fulfilled",
      thankedAt: app.clock.now().toISOString(),
    });
    const second = await thank(ann, requestId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: messages.alreadyThanked });
    expect((await thank(bo, requestId)).json()).toEqual({ error: messages.thankOnlyOwnRequests });
    expect((await thank(bo, requestId)).statusCode).toBe(403);
    const badId = await postAs(app, ann, "/api/requests/not-an-id/thank");
    expect([badId.statusCode, badId.json()]).toEqual([400, { error: expect.any(String) }]);
    expect((await app.server.inject({ method: "POST", url: `/api/requests/${requestId}/thank` })).statusCode).toBe(401);

    await deliverAllEmails(app);
    // Besides the claim confirmation (calendar.test.ts), the one thanks e-mail.
    expect(
      app.transport.sent.filter((m) => m.to === "bo@example.com" && /thanked/.test(m.subject)).map((m) => m.subject),
    ).toEqual(["ann thanked you for helping with Milk"]);
  });

  it("is in the OpenAPI document", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths["/api/requests/{id}/thank"]?.post).toBeDefined();
  });

  it("shows on cached dashboards right after it is sent", async () => {
    const { ann, bo, requestId } = await fulfilledMilk();
    // Both dashboards are cached: a repeat load costs one statement.
    for (const who of [ann, bo]) {
      await dashboard(who);
      expect((await dashboard(who)).statements).toBe(1);
    }
    expect((await dashboard(ann)).data.myRequests.find((r) => r.id === requestId)?.thankedAt).toBeNull();
    expect((await dashboard(bo)).data.helpableRequests.map((r) => r.id)).not.toContain(requestId);

    expect((await thank(ann, requestId)).statusCode).toBe(200);
    const annAfter = await dashboard(ann);
    expect(annAfter.statements).toBeGreaterThan(1);
    expect(annAfter.data.myRequests.find((r) => r.id === requestId)?.thankedAt).toBe(app.clock.now().toISOString());
    const boAfter = await dashboard(bo);
    expect(boAfter.statements).toBeGreaterThan(1);
    expect(boAfter.data.helpableRequests.find((r) => r.id === requestId)).toMatchObject({
      status: "fulfilled",
      thankedAt: app.clock.now().toISOString(),
    });
  });
});
