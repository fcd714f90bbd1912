import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { postAs, rest } from "./support/rest";
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
    const group = (await postAs(app, ann, "/api/groups", { name: "Elm" })).json() as { id: string };

    const created = await postAs(app, ann, `/api/groups/${group.id}/links`, { expiresInDays: 30, approval: true });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json() as Record<string, unknown>;
    expect(Object.keys(link).sort()).toEqual(["approval", "expiresAt", "id", "token", "url"]);
    expect(link.approval).toBe(true);
    expect(link.url).toBe(`http://localhost:3000/join/${String(link.token)}`);

    const refused = await rest(app, bo, "GET", `/api/groups/${group.id}/links`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: messages.onlyCreatorsInvite }]);
    const listed = await rest(app, ann, "GET", `/api/groups/${group.id}/links`);
    expect((listed.json() as { id: string }[]).map((l) => l.id)).toEqual([link.id]);

    const page = await app.server.inject({ method: "GET", url: `/api/invites/${String(link.token)}` });
    expect(page.json()).toMatchObject({ group: { name: "Elm", memberCount: 1 }, approval: true });
    // Issue 43: signed out, the preview, and nothing more.
    const preview = await app.server.inject({ method: "GET", url: `/api/invites/${String(link.token)}/preview` });
    expect([preview.statusCode, preview.json()]).toEqual([
      200,
      { kind: "link", state: "approval", groupName: "Elm", inviterName: "ann", invitedEmail: null },
    ]);

    const asked = await postAs(app, bo, `/api/invites/${String(link.token)}/join`);
    expect([asked.statusCode, asked.json()]).toEqual([202, { pending: true }]);

    const requests = await rest(app, ann, "GET", `/api/groups/${group.id}/join-requests`);
    const [request] = requests.json() as { id: string; email: string }[];
    expect(request!.email).toBe("bo@example.com");
    const approved = await postAs(app, ann, `/api/groups/${group.id}/join-requests/${request!.id}/approve`);
    expect([approved.statusCode, approved.json()]).toEqual([200, { ok: true }]);

    const revoked = await rest(app, ann, "DELETE", `/api/groups/${group.id}/links/${String(link.id)}`);
    expect(revoked.statusCode).toBe(200);
    const dead = await postAs(app, bo, `/api/invites/${String(link.token)}/join`);
    expect([dead.statusCode, dead.json()]).toEqual([404, { error: messages.groupLinkInvalid }]);
    const told = await app.server.inject({ method: "GET", url: `/api/invites/${String(link.token)}/preview` });
    expect(told.json()).toEqual({
      kind: "link",
      state: "revoked",
      groupName: null,
      inviterName: null,
      invitedEmail: null,
    });
    const unknown = await app.server.inject({ method: "GET", url: "/api/invites/made-up/preview" });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: messages.invalidOrExpiredInviteToken }]);
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
