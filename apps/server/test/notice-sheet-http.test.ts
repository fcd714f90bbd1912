import { readPdf } from "@hyn/api/testing/pdf";
import { groupLinks } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, postRequest, rest } from "./support/rest";
import { street } from "./support/street";
import { isoHoursAfter } from "./support/time";
import { createTestApp, groupOf, type Bearer, type TestApp } from "./test-app";

/**
 * A group's notice-board sheet as a PDF (issue 42 §2): for members only, application/pdf as a download,
 * read back with pdf.js: what is needed this week for whom (names beyond Latin-1 too, so the font is
 * embedded), the trips coming up, and the group link's QR code with whom to ask, or only whom to ask.
 */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

async function rename(who: Bearer, name: string, phone?: string) {
  const response = await rest(app, who, "PUT", "/api/user/profile", { name, ...(phone ? { phone } : {}) });
  expect(response.statusCode, response.body).toBe(200);
}

async function sheetOf(who: Bearer | null, groupId: string) {
  return app.server.inject({ method: "GET", url: `/api/groups/${groupId}/sheet.pdf`, headers: who?.headers ?? {} });
}

describe("the notice-board sheet as a PDF", () => {
  it("names what is needed this week for whom, the trips coming up, and how to join, on one page", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, zoe, lukasz, groupId } = await street(app, { members: ["bo", "zoe", "lukasz"] });
    await rename(ann, "Ana García", "+1 555 010 0100");
    await rename(zoe, "Zoë Brown");
    await rename(lukasz, "Łukasz Nowak");
    await rename(bo, "Bo");
    expect((await postRequest(app, zoe, { groupId, itemDescription: "Bread" })).statusCode).toBe(201);
    expect(
      (await postRequest(app, lukasz, { groupId, itemDescription: "Oat milk", neededBy: isoHoursAfter(app.clock, 48) }))
        .statusCode,
    ).toBe(201);
    const neighbour = await postAs(app, bo, `/api/groups/${groupId}/offline-members`, {
      name: "Frau Müller",
      phone: "030 1234 5678",
    });
    expect(neighbour.statusCode, neighbour.body).toBe(201);
    const { id: onBehalfOf } = neighbour.json() as { id: string };
    await postRequest(app, bo, {
      groupId,
      itemDescription: "Eggs",
      onBehalfOf,
      neededBy: isoHoursAfter(app.clock, 72),
    });
    // Beyond the week: not on this week's sheet.
    await postRequest(app, bo, { groupId, itemDescription: "Firewood", neededBy: isoHoursAfter(app.clock, 24 * 9) });
    const trip = await postAs(app, bo, "/api/trips", {
      groupIds: [groupId],
      store: "Lidl",
      departsAt: isoHoursAfter(app.clock, 30),
    });
    expect(trip.statusCode).toBe(201);
    const link = await postAs(app, ann, `/api/groups/${groupId}/links`, { expiresInDays: 30 });
    const { url } = link.json() as { url: string };

    const response = await sheetOf(lukasz, groupId);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="Elm Street.pdf"');
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const { pages, text } = await readPdf(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain("Elm Street");
    expect(text).toContain("Needed this week");
    expect(text).toMatch(/Bread, for Zoë, by /);
    expect(text).toMatch(/Oat milk, for Łukasz, by /);
    expect(text).toMatch(/Eggs, for Frau Müller, by /);
    expect(text).not.toContain("Firewood");
    expect(text).not.toContain("Nowak");
    expect(text).toMatch(/Bo goes to Lidl on /);
    expect(text).toContain("Scan to join, or ask Ana (+1 555 010 0100)");
    expect(text).toContain(url);

    // In the reader's language.
    await rest(app, zoe, "PUT", "/api/user/locale", { locale: "de" });
    const german = await readPdf((await sheetOf(zoe, groupId)).rawPayload);
    expect(german.text).toContain("Diese Woche gebraucht");
    expect(german.text).toContain("Zum Beitreten scannen oder Ana fragen (+1 555 010 0100)");

    // Across a block, the blocked person's requests are not on the reader's sheet (PRODUCT "Blocking").
    expect((await postAs(app, zoe, `/api/users/${lukasz.userId}/block`)).statusCode).toBeLessThan(300);
    const blocked = await readPdf((await sheetOf(lukasz, groupId)).rawPayload);
    expect(blocked.text).not.toContain("Bread");
    expect(blocked.text).toContain("Oat milk");
  });

  it("without a live link says whom to ask, and printing makes no link", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, groupId } = await street(app);
    await rename(ann, "Ana");
    const response = await sheetOf(bo, groupId);
    expect(response.statusCode).toBe(200);
    const { text } = await readPdf(response.rawPayload);
    expect(text).toContain("To join, ask Ana");
    expect(text).not.toContain("Scan");
    expect(text).toContain("Nothing is needed this week.");
    expect(text).toContain("No trips announced yet.");
    expect(await app.db.select({ id: groupLinks.id }).from(groupLinks).where(eq(groupLinks.groupId, groupId))).toEqual(
      [],
    );
  });

  it("is refused to anyone not in the group: 401 signed out, 403 a stranger, another group's member or a removed member, 404 no group", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { ann, bo, cy, olga, max, groupId } = await street(app, {
      members: ["bo", "cy"],
      outsiders: ["olga", "max"],
    });
    await groupOf(app, max, [], "Oak Road");
    expect((await sheetOf(null, groupId)).statusCode).toBe(401);
    for (const outsider of [olga, max]) {
      const refused = await sheetOf(outsider, groupId);
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: messages.notMember }]);
    }
    expect((await rest(app, ann, "DELETE", `/api/groups/${groupId}/members/${cy.userId}`)).statusCode).toBe(200);
    expect((await sheetOf(cy, groupId)).statusCode).toBe(403);
    const missing = await sheetOf(bo, "00000000-0000-4000-8000-000000000000");
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: messages.groupNotFound }]);
    expect((await sheetOf(bo, groupId)).statusCode).toBe(200);
  });

  it("is in the OpenAPI document as a PDF download", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>>;
    };
    expect(Object.keys(doc.paths["/api/groups/{id}/sheet.pdf"]!.get!.responses["200"]!.content)).toEqual([
      "application/pdf",
    ]);
    expect(doc.paths["/api/groups/{id}/sheet"]!.get).toBeDefined();
  });
});
