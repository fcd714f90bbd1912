import fc from "fast-check";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/routes";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
let headers: Record<string, string>;
let groupId: string;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  ({ headers } = await bearerFor(app, "prop@example.com"));
  groupId = (
    await app.server.inject({ method: "POST", url: "/api/groups", headers, payload: { name: "Property Street" } })
  ).json().id;
});
afterAll(async () => {
  await app.close();
});

const SPEC_TEXTS = new Set<string>(Object.values(messages));
/** What a 4xx may say: a spec text, or a plain sentence (never JSON, a stack, SQL or a driver message). */
function isPresentableError(text: unknown): boolean {
  if (typeof text !== "string" || text.length === 0 || text.length > 300) return false;
  if (SPEC_TEXTS.has(text)) return true;
  return !/[{}[\]]|Failed query|ZodError|stack|at .+\(|postgres|drizzle|undefined|\bnull\b|TypeError|SyntaxError/i.test(
    text,
  );
}

/** Characters PostgreSQL cannot store as sent: NUL, and surrogates without their pair. */
const unstorable = fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff");
/** Text that reads like an escape sequence (issue 38): data, which nothing may decode into a NUL or markup. */
const escapeLooking = fc.constantFrom("\\u0000", "\\x00", "\\u003cimg src=x\\u003e", "\\u000d\\u000a");
/** Any code point, and often one of those. */
const hostileString = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({
    ...constraints,
    unit: fc.oneof(
      { arbitrary: unstorable, weight: 1 },
      { arbitrary: escapeLooking, weight: 1 },
      { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 3 },
    ),
  });
/** A valid-looking value that may carry an unstorable character or an escape's spelling somewhere, so it gets past the other checks. */
const tainted = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(valid, fc.option(fc.oneof(unstorable, escapeLooking)), fc.nat())
    .map(([value, bad, at]) =>
      bad ? `${value.slice(0, at % (value.length + 1))}${bad}${value.slice(at % (value.length + 1))}` : value,
    );

/** Hostile values: markup, huge strings, deep nesting, wrong types. */
const hostile = fc.oneof(
  fc.anything({ maxDepth: 4, maxKeys: 6 }),
  hostileString({ maxLength: 50 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "' OR 1=1 --",
    "\u0000",
    "x".repeat(100_000),
    "💥".repeat(500),
  ),
  fc.integer(),
  fc.double(),
  fc.constant(null),
);
const hostileObject = fc.dictionary(
  fc.constantFrom(
    "email",
    "password",
    "name",
    "phone",
    "generalArea",
    "groupId",
    "userId",
    "id",
    "token",
    "token_hash",
    "itemDescription",
    "neededBy",
    "storePreference",
    "pickupNotes",
    "frequency",
    "message",
    "subject",
    "userIds",
    "recipientEmail",
    "inviteToken",
    "groupName",
    "inviterName",
    "maxOpenRequests",
    // What the later procedures take: reports and their answers, trips, group texts, neighbours without the app.
    "note",
    "reason",
    "category",
    "description",
    "rules",
    "store",
    "howToReach",
    "label",
    "onBehalfOf",
    "approval",
  ),
  hostile,
  { maxKeys: 8 },
);
/** A body that passes every check but one or two, so hostile text reaches the services and the database. */
const plausibleObject = fc.record({
  email: tainted(fc.emailAddress()),
  password: tainted(fc.constant("a-good-secret-1")),
  name: tainted(fc.string({ minLength: 1, maxLength: 30 })),
  generalArea: tainted(fc.string({ maxLength: 30 })),
  message: tainted(fc.string({ minLength: 1, maxLength: 30 })),
  itemDescription: tainted(fc.string({ minLength: 1, maxLength: 30 })),
  storePreference: tainted(fc.string({ maxLength: 30 })),
  pickupNotes: tainted(fc.string({ maxLength: 30 })),
  note: tainted(fc.string({ maxLength: 30 })),
  reason: tainted(fc.string({ minLength: 1, maxLength: 30 })),
  description: tainted(fc.string({ maxLength: 30 })),
  rules: tainted(fc.string({ maxLength: 30 })),
  store: tainted(fc.string({ minLength: 1, maxLength: 30 })),
  howToReach: tainted(fc.string({ maxLength: 30 })),
  groupId: fc.constant(null).map(() => groupId),
  // Years up to 20000: a date the database cannot store must still be a 400.
  neededBy: fc
    .date({ min: new Date(Date.now() + 60_000), max: new Date("+020000-01-01T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString()),
});
/** A path segment as sent: encoded text, or raw escapes (a NUL, the UTF-8 bytes of a lone surrogate, bad escapes). */
const pathSegment = fc.oneof(
  fc
    .oneof(
      fc.uuid(),
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.constantFrom("%00", "..", "<b>", "00000000-0000-0000-0000-000000000000"),
    )
    .map(encodeURIComponent),
  fc.constantFrom("%00", "abc%00def", "%ED%A0%80", "%C0%80", "%ZZ", "x".repeat(150)),
);

describe("every REST route under hostile input", () => {
  it.each(restRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers 2xx or a presentable 4xx, never 5xx",
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(plausibleObject, hostileObject, hostile),
          pathSegment,
          fc.boolean(),
          async (body, segment, signedIn) => {
            const url = `/api${route.path.replace(/:(\w+)/g, () => segment)}`;
            const hasBody = route.method === "POST" || route.method === "PUT";
            const response = await app.server.inject({
              method: route.method,
              url,
              headers: signedIn ? headers : {},
              ...(hasBody
                ? {
                    payload: JSON.stringify(body) ?? "null",
                    headers: { ...(signedIn ? headers : {}), "content-type": "application/json" },
                  }
                : {}),
            });
            expect(response.statusCode, `${route.method} ${url} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(Object.keys(response.json()), response.body.slice(0, 200)).toEqual(["error"]);
              expect(isPresentableError(response.json().error), response.body.slice(0, 200)).toBe(true);
            }
          },
        ),
        { numRuns: 12 },
      );
    },
  );
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
