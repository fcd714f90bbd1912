/**
 * Issue 19: error texts are written in the language a request asks for (Accept-Language), by the
 * message's key (ADR 0020); a client that asks for none (or for one the app does not speak) gets the
 * spec's English, byte for byte.
 */
import { limitMessage, messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restErrorOf } from "../src/rest/adapter";
import { postAs } from "./support/rest";
import { bearerFor, createTestApp, type Bearer, type TestApp } from "./test-app";

let app: TestApp;
let lena: Bearer;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  lena = await bearerFor(app, "lena@example.com", "a-good-secret-1");
});
afterAll(async () => {
  await app.close();
});

const wrongPassword = (language?: string) =>
  app.server.inject({
    method: "POST",
    url: "/api/auth/signin",
    headers: language ? { "accept-language": language } : {},
    payload: { email: "lena@example.com", password: "not-her-password" },
  });

describe("error texts in the client's language", () => {
  it("are the spec's English when no language, or an unknown one, is asked for", async () => {
    for (const language of [undefined, "fr", "fr-FR, it;q=0.8", "*"]) {
      const response = await wrongPassword(language);
      expect([response.statusCode, response.json()], String(language)).toEqual([
        401,
        { error: messages.invalidCredentials },
      ]);
    }
  });

  it("are Spanish for `es` and German for `de-AT,de;q=0.9` (a fixed message)", async () => {
    expect((await wrongPassword("es")).json()).toEqual({ error: "Correo electrónico o contraseña incorrectos" });
    expect((await wrongPassword("es-MX")).json()).toEqual({ error: "Correo electrónico o contraseña incorrectos" });
    expect((await wrongPassword("de-AT,de;q=0.9")).json()).toEqual({
      error: "E-Mail-Adresse oder Passwort ist falsch",
    });
    // The first language the app speaks wins, whatever comes before it.
    expect((await wrongPassword("fr;q=1, de;q=0.5, es;q=0.4")).json()).toEqual({
      error: "E-Mail-Adresse oder Passwort ist falsch",
    });
  });

  it("keep a limit's numbers (a message with values)", async () => {
    for (const name of ["One", "Two", "Three"]) {
      expect((await postAs(app, lena, "/api/groups", { name })).statusCode).toBe(201);
    }
    const refuse = (language?: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/groups",
        headers: { ...lena.headers, ...(language ? { "accept-language": language } : {}) },
        payload: { name: "Four" },
      });
    expect((await refuse()).json()).toEqual({ error: limitMessage("groups", 3, 3) });
    const spanish = await refuse("es");
    expect([spanish.statusCode, spanish.json()]).toEqual([
      409,
      { error: "Has alcanzado tu límite de 3 grupos creados. Ahora tienes 3 grupos creados." },
    ]);
    expect((await refuse("de")).json()).toEqual({
      error: "Du hast dein Limit erreicht: höchstens 3 eigene Gruppen. Du hast derzeit 3 eigene Gruppen.",
    });
  });

  it("translate validation errors: a schema's own text and zod's fallback naming the field", async () => {
    const signUp = (payload: Record<string, unknown>, language?: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: language ? { "accept-language": language } : {},
        payload,
      });
    const short = { email: "new@example.com", password: "abc" };
    expect((await signUp(short)).json()).toEqual({ error: messages.passwordTooShort });
    expect((await signUp(short, "es")).json()).toEqual({ error: "La contraseña debe tener al menos 6 caracteres" });
    expect((await signUp(short, "de")).json()).toEqual({ error: "Das Passwort muss mindestens 6 Zeichen haben" });

    const profile = (language?: string) =>
      app.server.inject({
        method: "PUT",
        url: "/api/user/profile",
        headers: { ...lena.headers, ...(language ? { "accept-language": language } : {}) },
        payload: { name: "Lena", phone: null, generalArea: 5 },
      });
    expect([(await profile()).statusCode, (await profile()).json()]).toEqual([
      400,
      { error: "Invalid value: generalArea" },
    ]);
    expect((await profile("es")).json()).toEqual({ error: "Valor no válido: generalArea" });
    expect((await profile("de")).json()).toEqual({ error: "Ungültiger Wert: generalArea" });
  });

  it("translate Fastify's own refusals: an unknown route, a body too large, not JSON, bad JSON", async () => {
    const notFound = (language?: string) =>
      app.server.inject({
        method: "GET",
        url: "/api/no-such-thing",
        headers: language ? { "accept-language": language } : {},
      });
    expect([(await notFound()).statusCode, (await notFound()).json()]).toEqual([404, { error: "Not found" }]);
    expect((await notFound("es")).json()).toEqual({ error: "No encontrado" });
    expect((await notFound("de")).json()).toEqual({ error: "Nicht gefunden" });

    const large = (language?: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/groups",
        headers: {
          ...lena.headers,
          "content-type": "application/json",
          ...(language ? { "accept-language": language } : {}),
        },
        payload: JSON.stringify({ name: "x".repeat(100 * 1024) }),
      });
    expect([(await large()).statusCode, (await large()).json()]).toEqual([413, { error: messages.bodyTooLarge }]);
    expect((await large("es")).json()).toEqual({ error: "El contenido enviado es demasiado grande" });
    expect((await large("de-AT,de;q=0.9")).json()).toEqual({ error: "Der gesendete Inhalt ist zu groß" });

    const notJson = await app.server.inject({
      method: "POST",
      url: "/api/groups",
      headers: { ...lena.headers, "content-type": "text/plain", "accept-language": "es" },
      payload: "hello",
    });
    expect([notJson.statusCode, notJson.json()]).toEqual([415, { error: "Content-Type debe ser application/json" }]);

    const badJson = (language?: string) =>
      app.server.inject({
        method: "POST",
        url: "/api/groups",
        headers: {
          ...lena.headers,
          "content-type": "application/json",
          ...(language ? { "accept-language": language } : {}),
        },
        payload: "{",
      });
    expect([(await badJson()).statusCode, (await badJson()).json()]).toEqual([400, { error: messages.bodyNotJson }]);
    expect((await badJson("de")).json()).toEqual({ error: "Der gesendete Inhalt ist kein gültiges JSON" });
  });

  it("translate tRPC's errors on the wire, by the same header", async () => {
    const call = async (language?: string) => {
      const response = await app.server.inject({
        method: "GET",
        url: "/trpc/groups.list",
        headers: language ? { "accept-language": language } : {},
      });
      // The error shape as it is, as the web client reads it (answers are plain JSON, ADR 0033).
      return [response.statusCode, (response.json() as { error: { message: string } }).error.message];
    };
    expect(await call()).toEqual([401, messages.noAuthenticatedUser]);
    expect(await call("es")).toEqual([401, "No has iniciado sesión"]);
    expect(await call("de")).toEqual([401, "Du bist nicht angemeldet"]);
  });

  it("carry the message's key and values in tRPC's error, so the web decides by key, not by text", async () => {
    const shape = async (
      url: string,
      init: { method?: "GET" | "POST"; payload?: Record<string, unknown>; language?: string } = {},
    ) => {
      const response = await app.server.inject({
        method: init.method ?? "GET",
        url,
        headers: { ...lena.headers, ...(init.language ? { "accept-language": init.language } : {}) },
        ...(init.payload === undefined ? {} : { payload: init.payload }),
      });
      return (response.json() as { error: { message: string; data: Record<string, unknown> } }).error;
    };
    const signedOut = await app.server.inject({
      method: "GET",
      url: "/trpc/groups.list",
      headers: { "accept-language": "de" },
    });
    expect((signedOut.json() as { error: { data: Record<string, unknown> } }).error.data).toMatchObject({
      messageKey: "noAuthenticatedUser",
    });
    expect((signedOut.json() as { error: { data: Record<string, unknown> } }).error.data).not.toHaveProperty(
      "messageValues",
    );

    // Lena at her limit of three groups (reached here when this test runs alone): the refusal names it by key, with its numbers.
    for (const name of ["Six", "Seven", "Eight"]) await postAs(app, lena, "/api/groups", { name });
    const refused = await shape("/trpc/groups.create", {
      method: "POST",
      payload: { json: { name: "Five" } },
      language: "es",
    });
    expect(refused.message).toBe("Has alcanzado tu límite de 3 grupos creados. Ahora tienes 3 grupos creados.");
    expect(refused.data).toMatchObject({
      messageKey: "limitReached",
      messageValues: { kind: "groups", max: 3, current: 3 },
    });

    const unnamed = await shape("/trpc/groups.create", { method: "POST", payload: { json: { name: 5 } } });
    expect(unnamed).toMatchObject({ message: messages.groupNameRequired, data: { messageKey: "groupNameRequired" } });
    const invalid = await shape("/trpc/user.updateProfile", {
      method: "POST",
      payload: { json: { name: "Lena", phone: null, generalArea: 5 } },
    });
    expect(invalid).toMatchObject({
      message: "Invalid value: generalArea",
      data: { messageKey: "invalidValue", messageValues: { field: "generalArea" } },
    });
  });

  it("say a fault's generic text (500) in the language, never the fault's own", () => {
    expect(restErrorOf(new Error("relation users does not exist"))).toEqual({
      status: 500,
      message: messages.internal,
    });
    expect(restErrorOf(new Error("relation users does not exist"), "es")).toEqual({
      status: 500,
      message: "Algo salió mal. Inténtalo de nuevo.",
    });
    expect(restErrorOf(new Error("relation users does not exist"), "de")).toEqual({
      status: 500,
      message: "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
    });
  });
});
