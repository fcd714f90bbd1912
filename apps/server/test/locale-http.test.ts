import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

/** Issue 19 over REST: PUT /api/user/locale, and a sign-up keeping its Accept-Language. */

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("the account's language over REST", () => {
  it("saves a language, refuses an unknown one with 400 and needs a session", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const put = (payload: unknown, headers: Record<string, string> = ann.headers) =>
      app.server.inject({ method: "PUT", url: "/api/user/locale", headers, payload: payload as object });

    const saved = await put({ locale: "es" });
    expect([saved.statusCode, saved.json().locale]).toEqual([200, "es"]);

    const refused = await put({ locale: "fr" });
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: messages.localeInvalid }]);

    expect((await put({ locale: "de" }, {})).statusCode).toBe(401);
  });

  it("keeps the language a sign-up asked for in Accept-Language", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" },
      payload: { email: "gerda@example.com", password: "a-good-secret-1", name: "Gerda" },
    });
    expect(response.json().user.locale).toBe("de");
  });
});
