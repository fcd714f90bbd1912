/**
 * Issue 13: bad input is a 400 (or another plain 4xx), never a 500, and every refusal, Fastify's own
 * included, answers `{ "error": "<text>" }` and nothing else.
 */
import { messages } from "@hyn/validators";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAs, postRequest, rest } from "./support/rest";
import { isoHoursAfter } from "./support/time";
import { bearerFor, createTestApp, type Bearer, type TestApp } from "./test-app";

let app: TestApp;
let careful: Bearer;
let groupId: string;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  careful = await bearerFor(app, "careful@example.com");
  groupId = (await postAs(app, careful, "/api/groups", { name: "Elm Street" })).json().id;
});
afterAll(async () => {
  await app.close();
});

/** Text fields as a client sends them: a body that is valid but for the one field under test. */
const textFields: {
  method: "POST" | "PUT";
  url: string;
  signedIn: boolean;
  body: () => Record<string, unknown>;
  fields: string[];
}[] = [
  {
    method: "POST",
    url: "/api/auth/signup",
    signedIn: false,
    body: () => ({
      email: "new@example.com",
      password: "a-good-secret-1",
      name: "New",
      phone: "+1 555 123 4567",
      generalArea: "North",
      inviteToken: "an-invitation-token",
    }),
    fields: ["email", "password", "name", "phone", "generalArea", "inviteToken"],
  },
  {
    method: "POST",
    url: "/api/auth/signin",
    signedIn: false,
    body: () => ({ email: "careful@example.com", password: "a-good-secret-1" }),
    fields: ["email", "password"],
  },
  {
    method: "POST",
    url: "/api/auth/reset-password",
    signedIn: false,
    body: () => ({ email: "careful@example.com" }),
    fields: ["email"],
  },
  {
    method: "PUT",
    url: "/api/user/profile",
    signedIn: true,
    body: () => ({ name: "Careful", phone: null, generalArea: "South" }),
    fields: ["name", "generalArea"],
  },
  { method: "POST", url: "/api/groups", signedIn: true, body: () => ({ name: "Oak Street" }), fields: ["name"] },
  {
    method: "POST",
    url: "/api/requests",
    signedIn: true,
    body: () => ({
      groupId,
      itemDescription: "Milk",
      neededBy: isoHoursAfter(app.clock, 24),
      storePreference: "Any",
      pickupNotes: "Door",
    }),
    fields: ["itemDescription", "storePreference", "pickupNotes", "neededBy"],
  },
  {
    method: "POST",
    url: "/api/feedback",
    signedIn: false,
    body: () => ({ name: "Careful", email: "careful@example.com", message: "Thanks" }),
    fields: ["name", "email", "message"],
  },
  {
    method: "POST",
    url: "/api/invites",
    signedIn: true,
    body: () => ({ groupId, email: "friend@example.com" }),
    fields: ["email"],
  },
  {
    method: "POST",
    url: "/api/send-invitation",
    signedIn: true,
    body: () => ({
      recipientEmail: "friend@example.com",
      inviterName: "Careful",
      groupName: "Elm Street",
      inviteToken: "abc",
    }),
    fields: ["recipientEmail", "inviterName", "groupName", "inviteToken"],
  },
];

const UNSTORABLE = { "a NUL byte": "\u0000", "a lone high surrogate": "\ud800", "a lone low surrogate": "\udc00" };

describe("text that cannot be stored", () => {
  for (const [what, character] of Object.entries(UNSTORABLE)) {
    it(`${what} in any text field of a REST body is a 400 that says so`, async () => {
      for (const route of textFields) {
        for (const field of route.fields) {
          const body = route.body();
          const value = String(body[field]);
          // In the middle, so that trimming cannot remove it.
          body[field] = `${value.slice(0, 1)}${character}${value.slice(1)}`;
          const response = await app.server.inject({
            method: route.method,
            url: route.url,
            headers: route.signedIn ? careful.headers : {},
            payload: body,
          });
          expect([response.statusCode, response.json()], `${route.url} ${field}`).toEqual([
            400,
            { error: messages.unsupportedCharacters },
          ]);
        }
      }
    });
  }

  it("a NUL byte in a path parameter is refused as the id or token it cannot be", async () => {
    const validate = await app.server.inject({ method: "GET", url: "/api/invites/validate/abc%00def" });
    expect(validate.statusCode).toBeLessThan(500);
    expect(Object.keys(validate.json())).toEqual(["error"]);
    const join = await postAs(app, careful, "/api/invites/abc%00def/join");
    expect([join.statusCode, join.json()]).toEqual([400, { error: messages.unsupportedCharacters }]);
    const preview = await app.server.inject({ method: "GET", url: "/api/invites/abc%00def/preview" });
    expect([preview.statusCode, preview.json()]).toEqual([400, { error: messages.unsupportedCharacters }]);
  });

  it("tRPC refuses it the same way", async () => {
    const response = await app.server.inject({
      method: "POST",
      url: "/trpc/groups.create",
      headers: { ...careful.headers, "content-type": "application/json" },
      payload: JSON.stringify({ json: { name: "Oak\u0000Street" } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.unsupportedCharacters);
  });
});

describe("needed-by dates", () => {
  it("a year of 10000 is a 400 that says how far ahead a date may be", async () => {
    const response = await postRequest(app, careful, {
      groupId,
      itemDescription: "Milk",
      neededBy: "+010000-01-01T00:00:00Z",
    });
    expect([response.statusCode, response.json()]).toEqual([400, { error: messages.neededByTooFar }]);
  });

  it("a five-digit year without a sign is too far, not missing", async () => {
    const response = await postRequest(app, careful, {
      groupId,
      itemDescription: "Milk",
      neededBy: "10000-01-01T00:00:00Z",
    });
    expect([response.statusCode, response.json()]).toEqual([400, { error: messages.neededByTooFar }]);
  });

  it("30 February is refused as not a real date, never stored as 2 March", async () => {
    const year = app.clock.now().getUTCFullYear() + 1;
    for (const neededBy of [`${year}-02-30T10:00:00Z`, `${year}-04-31T10:00:00Z`, `${year}-06-14T25:00:00Z`]) {
      const response = await postRequest(
        app,
        careful,
        { groupId, itemDescription: "Milk", neededBy },
        { "accept-language": "es" },
      );
      expect([response.statusCode, response.json()], neededBy).toEqual([
        400,
        { error: "La fecha y la hora para cuándo lo necesitas no existen" },
      ]);
    }
    const mine = (await rest(app, careful, "GET", "/api/user/requests")).json() as Array<{
      neededBy: string;
    }>;
    expect(mine.map((request) => request.neededBy)).not.toContain(`${year}-03-02T10:00:00.000Z`);
  });

  it("text that is no date is refused as such, not as missing", async () => {
    for (const neededBy of ["tomorrow", "1", `Feb 30 ${app.clock.now().getUTCFullYear() + 1}`]) {
      const response = await postRequest(app, careful, { groupId, itemDescription: "Milk", neededBy });
      expect([response.statusCode, response.json()], neededBy).toEqual([400, { error: messages.neededByNotADate }]);
    }
  });
});

describe("Fastify's own refusals", () => {
  const cases: { name: string; request: InjectOptions; status: number; error: string }[] = [
    {
      name: "an over-long path parameter",
      request: { method: "GET", url: `/api/invites/validate/${"x".repeat(300)}` },
      status: 414,
      error: messages.addressTooLong,
    },
    {
      name: "an over-long tRPC path",
      request: { method: "GET", url: `/trpc/${"x".repeat(300)}` },
      status: 414,
      error: messages.addressTooLong,
    },
    {
      name: "a malformed percent-encoding",
      request: { method: "GET", url: "/api/invites/validate/%ZZ" },
      status: 400,
      error: messages.addressInvalid,
    },
    {
      name: "an unknown API route",
      request: { method: "GET", url: "/api/nowhere" },
      status: 404,
      error: messages.notFound,
    },
    {
      name: "a body that is not JSON",
      request: {
        method: "POST",
        url: "/api/feedback",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      },
      status: 400,
      error: messages.bodyNotJson,
    },
    {
      name: "an empty JSON body",
      request: { method: "POST", url: "/api/feedback", headers: { "content-type": "application/json" }, payload: "" },
      status: 400,
      error: messages.bodyNotJson,
    },
    {
      name: "a body too large",
      request: { method: "POST", url: "/api/feedback", payload: { email: "a@b.co", message: "x".repeat(200_000) } },
      status: 413,
      error: messages.bodyTooLarge,
    },
  ];
  it.each(cases)("$name answers { error } only", async ({ request, status, error }) => {
    const response = await app.server.inject(request);
    expect([response.statusCode, response.json()]).toEqual([status, { error }]);
  });
});

describe("e-mail addresses that could bend a header or a page", () => {
  const HOSTILE = [
    "a\u0001\u001b[31m@example.com",
    'x"><img src=x onerror=alert(1)>@evil.co',
    "ann@example.com\r\nBcc: victim@example.com",
  ];

  it("are refused at sign-up and in invitations with the spec's text", async () => {
    for (const email of HOSTILE) {
      const signUp = await app.server.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { email, password: "a-good-secret-1" },
      });
      expect([signUp.statusCode, signUp.json()], JSON.stringify(email)).toEqual([
        400,
        { error: messages.invalidEmailFormat },
      ]);
      const invite = await postAs(app, careful, "/api/invites", { groupId, email });
      expect([invite.statusCode, invite.json()], JSON.stringify(email)).toEqual([
        400,
        { error: messages.invalidEmailFormat },
      ]);
    }
  });

  it("an internationalised address is invited like any other", async () => {
    const invite = await postAs(app, careful, "/api/invites", { groupId, email: "用户@例子.广告" });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ email: "用户@例子.广告" });
  });
});
