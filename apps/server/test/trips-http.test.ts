import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, type TestApp } from "./test-app";

/** Trips (issue 28) over REST: 201s, the contract's refusals in three languages, the OpenAPI document. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("trips over REST", () => {
  it("announces (201), takes an item (201, claimed by the tripper), closes, and then refuses items with 409", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { tina, ann, groupId } = await street(app, { owner: "tina", members: ["ann"] });

    const created = await postAs(app, tina, "/api/trips", {
      groupIds: [groupId],
      store: "Aldi",
      departsAt: isoHoursAfter(app.clock, 24),
    });
    expect(created.statusCode, created.body).toBe(201);
    const trip = created.json() as { id: string; status: string; tripperId: string };
    expect(trip.status).toBe("open");

    const item = await postAs(app, ann, `/api/trips/${trip.id}/items`, {
      itemDescription: "Oat milk",
      quantity: 2,
      ifUnavailable: "ask",
      phone: "0151 234 5678",
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ tripId: trip.id, status: "claimed", claimedBy: trip.tripperId, quantity: 2 });

    const listed = await rest(app, tina, "GET", `/api/trips/${trip.id}`);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { neighbours: unknown[] }).neighbours).toHaveLength(1);

    expect((await postAs(app, tina, `/api/trips/${trip.id}/close`)).statusCode).toBe(200);
    for (const [lang, text] of [
      ["en", messages.tripNotTakingItems],
      ["es", "Esta compra ya no acepta artículos"],
      ["de", "Diese Einkaufsfahrt nimmt keine Artikel mehr an"],
    ] as const) {
      const refused = await postAs(
        app,
        ann,
        `/api/trips/${trip.id}/items`,
        { itemDescription: "Tea" },
        { "accept-language": lang },
      );
      expect([refused.statusCode, refused.json()]).toEqual([409, { error: text }]);
    }
    const ics = await rest(app, tina, "GET", `/api/trips/${trip.id}/calendar.ics`);
    expect(ics.headers["content-type"]).toContain("text/calendar");
  });

  it("refuses a list closing after leaving with a 400 in each language", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { tina, groupId } = await street(app, { owner: "tina", members: [] });
    for (const [lang, text] of [
      ["en", messages.tripClosesAtAfterDeparts],
      ["es", "La lista debe cerrarse antes de la hora de salida"],
      ["de", "Die Liste muss vor der Abfahrt schließen"],
    ] as const) {
      const refused = await postAs(
        app,
        tina,
        "/api/trips",
        {
          groupIds: [groupId],
          store: "Aldi",
          departsAt: isoHoursAfter(app.clock, 5),
          closesAt: isoHoursAfter(app.clock, 6),
        },
        { "accept-language": lang },
      );
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
