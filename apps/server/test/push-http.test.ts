import { browserSubscription } from "@hyn/api/testing";
import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it } from "vitest";
import { rest } from "./support/rest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("push devices over REST (issue 16)", () => {
  it("answers the VAPID public key, then subscribes (201), lists and removes a device, with clear 400s for bad subscriptions", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const bo = await bearerFor(app, "bo@example.com");
    const key = await rest(app, null, "GET", "/api/push/vapid-public-key");
    expect(key.statusCode).toBe(200);
    const { publicKey } = key.json() as { publicKey: string };
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    // Generated once and kept: every instance (and every call) answers the same key.
    expect((await rest(app, null, "GET", "/api/push/vapid-public-key")).json()).toEqual({ publicKey });

    const browser = browserSubscription("http://127.0.0.1:9/push/ann-phone");
    expect(
      (await rest(app, null, "POST", "/api/push/subscriptions", { ...browser.json, label: "Phone" })).statusCode,
    ).toBe(401);
    const created = await rest(app, ann, "POST", "/api/push/subscriptions", {
      ...browser.json,
      label: "  Ann's   phone ",
    });
    expect(created.statusCode).toBe(201);
    const device = created.json() as { id: string };
    expect(device).toMatchObject({ label: "Ann's phone", endpointHost: "127.0.0.1:9", lastSuccessAt: null });

    const badKey = await rest(app, ann, "POST", "/api/push/subscriptions", {
      ...browser.json,
      keys: { ...browser.json.keys, p256dh: "AAAA" },
    });
    expect([badKey.statusCode, badKey.json()]).toEqual([400, { error: messages.pushKeyP256dhInvalid }]);
    const offList = await rest(app, ann, "POST", "/api/push/subscriptions", {
      ...browser.json,
      endpoint: "https://169.254.169.254/latest",
    });
    expect([offList.statusCode, offList.json()]).toEqual([400, { error: messages.pushEndpointNotAllowed }]);

    expect((await rest(app, ann, "GET", "/api/push/subscriptions")).json()).toEqual([device]);
    expect((await rest(app, bo, "GET", "/api/push/subscriptions")).json()).toEqual([]);
    const notBos = await rest(app, bo, "DELETE", `/api/push/subscriptions/${device.id}`);
    expect([notBos.statusCode, notBos.json()]).toEqual([404, { error: messages.pushDeviceNotFound }]);
    expect((await rest(app, ann, "DELETE", `/api/push/subscriptions/${device.id}`)).statusCode).toBe(200);
    expect((await rest(app, ann, "GET", "/api/push/subscriptions")).json()).toEqual([]);
  });

  it("is in the OpenAPI document", async () => {
    app = await createTestApp();
    const document = (await app.server.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/api/push/subscriptions"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/push/subscriptions/{id}"] ?? {})).toEqual(["delete"]);
    expect(document.paths["/api/push/vapid-public-key"]?.get).toMatchObject({ security: [] });
  });
});
