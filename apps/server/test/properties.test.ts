import fc from "fast-check";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/routes";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  ({ headers } = await bearerFor(app, "prop@example.com"));
});
afterAll(async () => {
  await app.close();
});

const SPEC_TEXTS = new Set<string>(Object.values(messages));
/** What a 4xx may say: a spec text, or a plain sentence (never JSON, a stack, SQL or a driver message). */
function isPresentableError(text: unknown): boolean {
  if (typeof text !== "string" || text.length === 0 || text.length > 300) return false;
  if (SPEC_TEXTS.has(text)) return true;
  return !/[{}[\]]|Failed query|ZodError|stack|at .+\(|postgres|drizzle|undefined|\bnull\b|TypeError|SyntaxError/i.test(text);
}

/** Hostile values: markup, huge strings, deep nesting, wrong types. */
const hostile = fc.oneof(
  fc.anything({ maxDepth: 4, maxKeys: 6 }),
  fc.string({ maxLength: 50 }),
  fc.constantFrom("<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "' OR 1=1 --", "\u0000", "x".repeat(100_000), "💥".repeat(500)),
  fc.integer(),
  fc.double(),
  fc.constant(null),
);
const hostileObject = fc.dictionary(
  fc.constantFrom("email", "password", "name", "phone", "generalArea", "groupId", "userId", "id", "token", "token_hash", "itemDescription", "neededBy", "storePreference", "pickupNotes", "frequency", "message", "subject", "userIds", "recipientEmail", "inviteToken", "groupName", "inviterName", "maxOpenRequests"),
  hostile,
  { maxKeys: 8 },
);
const pathValue = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom("%00", "..", "<b>", "00000000-0000-0000-0000-000000000000"));

describe("every REST route under hostile input", () => {
  it.each(restRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 2xx or a presentable 4xx, never 5xx", async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileObject, hostile), pathValue, fc.boolean(), async (body, param, signedIn) => {
        const url = `/api${route.path.replace(/:(\w+)/g, () => encodeURIComponent(param))}`;
        const hasBody = route.method === "POST" || route.method === "PUT";
        const response = await app.server.inject({
          method: route.method,
          url,
          headers: signedIn ? headers : {},
          ...(hasBody ? { payload: JSON.stringify(body) ?? "null", headers: { ...(signedIn ? headers : {}), "content-type": "application/json" } } : {}),
        });
        expect(response.statusCode, `${route.method} ${url} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(isPresentableError(response.json().error), response.body.slice(0, 200)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});

describe("markup", () => {
  it("is stripped from stored text and escaped in e-mails", async () => {
    const { headers: h2 } = await bearerFor(app, "markup@example.com");
    const profile = await app.server.inject({
      method: "PUT",
      url: "/api/user/profile",
      headers: h2,
      payload: { name: "<script>alert(1)</script>Mallory", phone: null, generalArea: "<b>Elm</b>" },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: "alert(1)Mallory", generalArea: "Elm" });
    expect(profile.body).not.toMatch(/<script|<b>/);
  });
});
