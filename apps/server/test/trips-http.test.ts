import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

/** Trips (issue 28) over REST: 201s, the contract's refusals in three languages, the OpenAPI document. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe("trips over REST", () => {
  it("announces (201), takes an item (201, claimed by the tripper), closes, and then refuses items with 409", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const tina = await bearerFor(app, "tina@example.com");
    const ann = await bearerFor(app, "ann@example.com");
    const group = (
      await app.server.inject({ method: "POST", url: "/api/groups", headers: tina.headers, payload: { name: "Elm" } })
    ).json() as { id: string };
    const invite = (
      await app.server.inject({
        method: "POST",
        url: "/api/invites",
        headers: tina.headers,
        payload: { groupId: group.id, email: "ann@example.com" },
      })
    ).json() as { token: string };
    await app.server.inject({ method: "POST", url: `/api/invites/${invite.token}/join`, headers: ann.headers });

    const created = await app.server.inject({
      method: "POST",
      url: "/api/trips",
      headers: tina.headers,
      payload: { groupIds: [group.id], store: "Aldi", departsAt: inHours(24) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const trip = created.json() as { id: string; status: string; tripperId: string };
    expect(trip.status).toBe("open");

    const item = await app.server.inject({
      method: "POST",
      url: `/api/trips/${trip.id}/items`,
      headers: ann.headers,
      payload: { itemDescription: "Oat milk", quantity: 2, ifUnavailable: "ask" },
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ tripId: trip.id, status: "claimed", claimedBy: trip.tripperId, quantity: 2 });

    const listed = await app.server.inject({ method: "GET", url: `/api/trips/${trip.id}`, headers: tina.headers });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { neighbours: unknown[] }).neighbours).toHaveLength(1);

    expect(
      (await app.server.inject({ method: "POST", url: `/api/trips/${trip.id}/close`, headers: tina.headers }))
        .statusCode,
    ).toBe(200);
    for (const [lang, text] of [
      ["en", messages.tripNotTakingItems],
      ["es", "Esta compra ya no acepta artículos"],
      ["de", "Diese Einkaufsfahrt nimmt keine Artikel mehr an"],
    ] as const) {
      const refused = await app.server.inject({
        method: "POST",
        url: `/api/trips/${trip.id}/items`,
        headers: { ...ann.headers, "accept-language": lang },
        payload: { itemDescription: "Tea" },
      });
      expect([refused.statusCode, refused.json()]).toEqual([409, { error: text }]);
    }
    const ics = await app.server.inject({
      method: "GET",
      url: `/api/trips/${trip.id}/calendar.ics`,
      headers: tina.headers,
    });
    expect(ics.headers["content-type"]).toContain("text/calendar");
  });

  it("refuses a list closing after leaving with a 400 in each language", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const tina = await bearerFor(app, "tina@example.com");
    const group = (
      await app.server.inject({ method: "POST", url: "/api/groups", headers: tina.headers, payload: { name: "Elm" } })
    ).json() as { id: string };
    for (const [lang, text] of [
      ["en", messages.tripClosesAtAfterDeparts],
      ["es", "La lista debe cerrarse antes de la hora de salida"],
      ["de", "Die Liste muss vor der Abfahrt schließen"],
    ] as const) {
      const refused = await app.server.inject({
        method: "POST",
        url: "/api/trips",
        headers: { ...tina.headers, "accept-language": lang },
        payload: { groupIds: [group.id], store: "Aldi", departsAt: inHours(5), closesAt: inHours(6) },
      });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: text }]);
    }
  });

  it("the OpenAPI document has every trip route", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths["/api/trips"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/api/trips"]!.get).toBeDefined();
    expect(doc.paths["/api/trips/{id}/items"]!.post!.responses["201"]).toBeDefined();
    for (const path of ["close", "cancel", "take", "skip-next"])
      expect(doc.paths[`/api/trips/{id}/${path}`]!.post).toBeDefined();
    expect(doc.paths["/api/trips/{id}/items/{requestId}/mark"]!.post).toBeDefined();
    expect(doc.paths["/api/trips/{id}/neighbours/{userId}/deliver"]!.post).toBeDefined();
  });
});
