import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from "../src/rest/one-click-path";
import { procedureCatalog } from "@hyn/api";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toOpenApiPath } from "../src/rest/openapi";
import { restRoutes } from "../src/rest/routes";
import { createTestApp, type TestApp } from "./test-app";

/** The calls the product was specified with (PRODUCT "Calls"), transcribed row by row (feedback and send-invitation are already under /api there). */
const SPEC_CALLS = `
POST /auth/signup
POST /auth/signin
POST /auth/signout
POST /auth/reset-password
POST /auth/update-password
POST /auth/resend-confirmation
POST /auth/verify-email
GET /user/current
GET /user/{id}
POST /users/batch
PUT /user/profile
POST /groups
GET /groups
POST /invites/{token}/join
POST /groups/{id}/leave
GET /groups/{id}/members
DELETE /groups/{id}/members/{userId}
POST /requests
GET /user/requests
GET /groups/{id}/requests
POST /requests/{id}/claim
POST /requests/{id}/unclaim
POST /requests/{id}/fulfill
POST /requests/{id}/notify
DELETE /requests/{id}
POST /invites
GET /invites/validate/{token}
GET /user/limits
PUT /user/limits
GET /user/counts
GET /user/limits-with-counts
GET /user/can-create-request
GET /user/can-create-group
GET /user/can-join-group
GET /admin/metrics
GET /user/email-preferences
PUT /user/email-preferences
GET /invitations/pending
GET /invitations/outgoing
GET /invitations/count
DELETE /invitations/{id}
POST /invitations/{id}/accept
POST /invitations/{id}/decline
POST /feedback
POST /send-invitation
`
  .trim()
  .split("\n")
  .map((line) => {
    const [method, path] = line.split(" ") as [string, string];
    return { method, path };
  });

const PUBLIC = new Set([
  "POST /auth/signup",
  "POST /auth/signin",
  "POST /auth/signout",
  "POST /auth/reset-password",
  "POST /auth/resend-confirmation",
  "POST /auth/verify-email",
  "GET /invites/validate/{token}",
  "POST /feedback",
]);
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const concrete = (path: string) =>
  `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === "token" ? "sometoken" : SAMPLE_ID))}`;
const tableKey = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, "{$1}")}`;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the REST table against the calls of PRODUCT "Calls"', () => {
  it("has a route for every row of the spec", () => {
    const table = new Set(restRoutes.map((r) => tableKey(r.method, r.path)));
    const missing = SPEC_CALLS.filter((c) => !table.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it("marks public exactly the spec's rows that need no session, from the procedures' meta", () => {
    const spec = new Set(SPEC_CALLS.map((c) => `${c.method} ${c.path}`));
    const publicRows = restRoutes
      .filter((r) => r.public)
      .map((r) => tableKey(r.method, r.path))
      .filter((key) => spec.has(key));
    expect(publicRows.sort()).toEqual([...PUBLIC].sort());
  });

  it.each(SPEC_CALLS)("$method $path answers (never a missing route, never a 5xx)", async ({ method, path }) => {
    const response = await app.server.inject({
      method: method as "GET",
      url: concrete(path),
      ...(method === "POST" || method === "PUT" ? { payload: {} } : {}),
    });
    expect(response.json()).not.toEqual({ error: "Not found" });
    expect(response.statusCode).toBeLessThan(500);
    if (!PUBLIC.has(`${method} ${path}`)) {
      expect([response.statusCode, response.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);
    }
  });
});

/**
 * Procedures the web app alone calls, so they have no REST route: every other procedure must have one
 * (PRODUCT "Calls": the same operations as a REST API), and so a place in the OpenAPI document.
 */
const WEB_APP_ONLY: Record<string, string> = {
  "auth.checkResetToken":
    "the reset page's check before it shows the form; REST clients send the token to complete-reset",
  "user.me": "the signed-in user or null, asked at the web app's start; REST has GET /user/current",
  "system.info": "what the web app shows about the deployment (demo accounts, how to reach the admins)",
  "requests.onChange": "the dashboard's live stream (a subscription)",
};

describe("every procedure", () => {
  it("has a REST route, but the few the web app alone calls", () => {
    const withoutRoute = procedureCatalog.filter((entry) => !entry.meta.rest).map((entry) => entry.path);
    expect(withoutRoute.sort()).toEqual(Object.keys(WEB_APP_ONLY).sort());
  });
});

describe("the OpenAPI document", () => {
  it("describes exactly the routes that exist, with their path parameters", async () => {
    const response = await app.server.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { parameters: { name: string; in: string }[]; responses: Record<string, unknown>; security?: unknown[] }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Plus RFC 8058's one-click POST, outside /api (rest/one-click-unsubscribe.ts).
    const routed = [
      ...restRoutes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`),
      `POST ${ONE_CLICK_UNSUBSCRIBE_ROUTE.replace(":token", "{token}")}`,
    ];
    expect(documented.sort()).toEqual([...new Set(routed)].sort());
    for (const route of restRoutes) {
      const op = doc.paths[toOpenApiPath(route.path)]![route.method.toLowerCase()]!;
      // Path parameters here; the list routes' query parameters (limit, cursor) have their own test.
      const declared = op.parameters
        .filter((p) => p.in === "path")
        .map((p) => p.name)
        .sort();
      expect(declared).toEqual([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort());
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining([String(route.successStatus ?? 200), "400", "401", "500"]),
      );
      // Public procedures need no credentials; the rest inherit the document's bearer/cookie.
      expect(op.security, `${route.method} ${route.path}`).toEqual(route.public ? [] : undefined);
    }
  });

  it("documents the sign-up body and its { user, session } answer from the zod schemas", async () => {
    const doc = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const signup = doc.paths["/api/auth/signup"].post;
    const body = signup.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(body.properties.password).toMatchObject({ type: "string", minLength: 6 });
    const answer = signup.responses["201"].content["application/json"].schema;
    expect(Object.keys(answer.properties)).toEqual(["user", "session"]);
    expect(answer.properties.user.properties.createdAt).toMatchObject({ type: "string", format: "date-time" });
  });

  it("has a readable reference page", async () => {
    const page = await app.server.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("/api/auth/signup");
    expect(page.body).toContain("/api/openapi.json");
  });
});
