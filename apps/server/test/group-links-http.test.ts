import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

/** Issue 27 §1 over REST: the group link's routes, 202 for a join that waits for approval, OpenAPI. */
let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("the group link over REST", () => {
  it("201 with the link; joining with approval answers 202 { pending: true }; the owner approves by REST", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const bo = await bearerFor(app, "bo@example.com");
    const group = (
      await app.server.inject({ method: "POST", url: "/api/groups", headers: ann.headers, payload: { name: "Elm" } })
    ).json() as { id: string };

    const created = await app.server.inject({
      method: "POST",
      url: `/api/groups/${group.id}/links`,
      headers: ann.headers,
      payload: { expiresInDays: 30, approval: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json() as Record<string, unknown>;
    expect(Object.keys(link).sort()).toEqual(["approval", "expiresAt", "id", "token", "url"]);
    expect(link.approval).toBe(true);
    expect(link.url).toBe(`http://localhost:3000/join/${String(link.token)}`);

    const refused = await app.server.inject({
      method: "GET",
      url: `/api/groups/${group.id}/links`,
      headers: bo.headers,
    });
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: messages.onlyCreatorsInvite }]);
    const listed = await app.server.inject({
      method: "GET",
      url: `/api/groups/${group.id}/links`,
      headers: ann.headers,
    });
    expect((listed.json() as { id: string }[]).map((l) => l.id)).toEqual([link.id]);

    const page = await app.server.inject({ method: "GET", url: `/api/invites/${String(link.token)}` });
    expect(page.json()).toMatchObject({ group: { name: "Elm", memberCount: 1 }, approval: true });

    const asked = await app.server.inject({
      method: "POST",
      url: `/api/invites/${String(link.token)}/join`,
      headers: bo.headers,
    });
    expect([asked.statusCode, asked.json()]).toEqual([202, { pending: true }]);

    const requests = await app.server.inject({
      method: "GET",
      url: `/api/groups/${group.id}/join-requests`,
      headers: ann.headers,
    });
    const [request] = requests.json() as { id: string; email: string }[];
    expect(request!.email).toBe("bo@example.com");
    const approved = await app.server.inject({
      method: "POST",
      url: `/api/groups/${group.id}/join-requests/${request!.id}/approve`,
      headers: ann.headers,
    });
    expect([approved.statusCode, approved.json()]).toEqual([200, { ok: true }]);

    const revoked = await app.server.inject({
      method: "DELETE",
      url: `/api/groups/${group.id}/links/${String(link.id)}`,
      headers: ann.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const dead = await app.server.inject({
      method: "POST",
      url: `/api/invites/${String(link.token)}/join`,
      headers: bo.headers,
    });
    expect([dead.statusCode, dead.json()]).toEqual([404, { error: messages.groupLinkInvalid }]);
  });

  it("the OpenAPI document names the 202 answer of joining", async () => {
    app = await createTestApp();
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths["/api/invites/{token}/join"]!.post!.responses)).toEqual(
      expect.arrayContaining(["200", "202"]),
    );
    expect(doc.paths["/api/groups/{id}/links"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/api/groups/{id}/join-requests/{joinRequestId}/approve"]).toBeDefined();
  });
});
