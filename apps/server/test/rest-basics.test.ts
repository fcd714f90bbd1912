import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("the REST adapter", () => {
  it("signs up (201), answers with { user, session }, and accepts the bearer token", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const signup = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "Ann@Example.com", password: "ann-secret-1" },
    });
    expect(signup.statusCode).toBe(201);
    const body = signup.json();
    expect(body.user).toMatchObject({ email: "ann@example.com", isAdmin: false });
    expect(body.session.token).toEqual(expect.any(String));
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(signup.headers["set-cookie"]).toMatch(/hyn_session=.+; .*HttpOnly/i);
    expect(signup.headers["set-cookie"]).toMatch(/SameSite=Lax/i);

    const me = await app.server.inject({
      method: "GET",
      url: "/api/user/current",
      headers: { authorization: `Bearer ${body.session.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "ann@example.com" });
  });

  it("answers the spec's texts with 400, 401, 404 and 409", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const bad = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "nope", password: "abcdefg1" },
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: messages.invalidEmailFormat }]);
    const anon = await app.server.inject({ method: "GET", url: "/api/user/current" });
    expect([anon.statusCode, anon.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);
    const { headers } = await bearerFor(app, "bo@example.com");
    const missing = await app.server.inject({
      method: "GET",
      url: "/api/user/00000000-0000-4000-8000-000000000000",
      headers,
    });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: messages.userNotFound }]);
    const twice = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "BO@example.com", password: "abcdefg1x" },
    });
    expect([twice.statusCode, twice.json()]).toEqual([409, { error: messages.userAlreadyExists }]);
    const wrong = await app.server.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: "bo@example.com", password: "wrong-one" },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: messages.invalidCredentials }]);
  });

  it("refuses non-JSON bodies and oversized bodies", async () => {
    app = await createTestApp();
    const text = await app.server.inject({
      method: "POST",
      url: "/api/feedback",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
    const huge = await app.server.inject({
      method: "POST",
      url: "/api/feedback",
      payload: { email: "a@b.co", message: "x".repeat(200_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "Request body is too large" });
  });

  it("answers 429 with Retry-After when a limit is reached, on REST and on tRPC", async () => {
    app = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
    const reset = () =>
      app.server.inject({ method: "POST", url: "/api/auth/reset-password", payload: { email: "x@example.com" } });
    expect((await reset()).statusCode).toBe(200);
    const limited = await reset();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: messages.tooManyRequests });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

    const viaTrpc = await app.server.inject({
      method: "POST",
      url: "/trpc/auth.requestPasswordReset",
      payload: { json: { email: "x@example.com" } },
    });
    expect(viaTrpc.statusCode).toBe(429);
    expect(Number(viaTrpc.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses a cookie-authenticated mutation from a foreign origin", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const { token } = await bearerFor(app, "cy@example.com");
    const cookie = `hyn_session=${token}`;
    const foreign = await app.server.inject({
      method: "PUT",
      url: "/api/user/profile",
      headers: { cookie, origin: "https://evil.example" },
      payload: { name: "Hacked", phone: null, generalArea: null },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await app.server.inject({
      method: "PUT",
      url: "/api/user/profile",
      headers: { cookie, origin: "http://localhost:3000" },
      payload: { name: "Cy", phone: null, generalArea: null },
    });
    expect(own.statusCode).toBe(200);
  });

  it("sends security headers", async () => {
    app = await createTestApp();
    const response = await app.server.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    await app.close();
    app = await createTestApp({ APP_URL: "https://hyn.example" });
    const https = await app.server.inject({ method: "GET", url: "/healthz" });
    expect(https.headers["strict-transport-security"]).toContain("max-age=");
  });

  it("reports readiness of the database", async () => {
    app = await createTestApp();
    const ready = await app.server.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true });
  });
});
