/**
 * Issue 24: every refusal, Node's and Fastify's own included, is `{ "error": "<text>" }` in the language
 * the request asks for. Node's HTTP parser refuses some requests before Fastify has a request object,
 * and app.inject cannot send what it refuses, so those go through a real socket.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { PassThrough } from "node:stream";
import { messages } from "@hyn/validators";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError } from "../src/client-errors";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

const catalog = (locale: "es" | "de") =>
  JSON.parse(
    readFileSync(new URL(`../../../packages/i18n/catalogs/errors/${locale}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;
const CATALOGS = { es: catalog("es"), de: catalog("de") };
/** A fixed message in a language: the English itself, or the catalog's translation of its key. */
function textIn(locale: "en" | "es" | "de", english: string): string {
  if (locale === "en") return english;
  const key = Object.entries(messages).find(([, text]) => text === english)![0];
  return CATALOGS[locale][key]!;
}

let app: TestApp;
let port: number;
let headers: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  ({ headers } = await bearerFor(app, "careful@example.com"));
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as bytes on a new connection and reads the one answer (the request asks to close). */
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(text)}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split("\r\n");
      const answerHeaders = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine!.split(" ")[1]), headers: answerHeaders, body: text.slice(split + 4) });
    });
    socket.end(request);
  });
}

const LANGUAGES = [
  { locale: "en", header: "" },
  { locale: "es", header: "Accept-Language: es-ES,es;q=0.9\r\n" },
  { locale: "de", header: "Accept-Language: de\r\n" },
] as const;

describe("Node's own refusals, through a socket", () => {
  const cases: { name: string; request: (language: string) => string; status: number; error: string }[] = [
    {
      name: "a 20,000-character path",
      request: (language) =>
        `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n${language}Connection: close\r\n\r\n`,
      status: 431,
      error: messages.headersTooLarge,
    },
    {
      name: "a 20,000-character header",
      request: (language) =>
        `GET /api/groups HTTP/1.1\r\nHost: localhost\r\n${language}X-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
      status: 431,
      error: messages.headersTooLarge,
    },
    {
      name: "a header name with a space in it",
      request: (language) => `GET /api/groups HTTP/1.1\r\nHost: localhost\r\n${language}Bad Header: x\r\n\r\n`,
      status: 400,
      error: messages.badRequest,
    },
    {
      name: "both Content-Length and Transfer-Encoding (request smuggling)",
      request: (language) =>
        `POST /api/feedback HTTP/1.1\r\nHost: localhost\r\n${language}Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      status: 400,
      error: messages.badRequest,
    },
    {
      name: "a Content-Length that is not a number",
      request: (language) =>
        `POST /api/feedback HTTP/1.1\r\nHost: localhost\r\n${language}Content-Type: application/json\r\nContent-Length: two\r\n\r\n{}`,
      status: 400,
      error: messages.badRequest,
    },
    {
      name: "an HTTP/1.1 request without a Host header",
      request: (language) => `GET /api/groups HTTP/1.1\r\n${language}Connection: close\r\n\r\n`,
      status: 400,
      error: messages.hostHeaderMissing,
    },
    {
      name: "an Expect header other than 100-continue",
      request: (language) =>
        `GET /api/groups HTTP/1.1\r\nHost: localhost\r\n${language}Expect: the-unexpected\r\nConnection: close\r\n\r\n`,
      status: 417,
      error: messages.expectationFailed,
    },
  ];
  for (const { name, request, status, error } of cases) {
    it(`${name} is ${status} { error } in English, Spanish and German`, async () => {
      for (const { locale, header } of LANGUAGES) {
        const answer = await sendRaw(request(header));
        expect([answer.status, JSON.parse(answer.body)], `${name} in ${locale}`).toEqual([
          status,
          { error: textIn(locale, error) },
        ]);
        expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      }
    });
  }

  it("an unknown method is a 400 { error } (the parser stops before any header)", async () => {
    const answer = await sendRaw("G@T / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect([answer.status, JSON.parse(answer.body)]).toEqual([400, { error: messages.badRequest }]);
  });

  it("the 431 says it in the asked language, word for word", async () => {
    const answer = await sendRaw(
      `GET /${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: es\r\n\r\n`,
    );
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      431,
      { error: "La dirección o los encabezados de la solicitud son demasiado largos" },
    ]);
  });

  it("a request whose headers came too slowly is a 408 { error }", async () => {
    const socket = new PassThrough();
    let written = "";
    socket.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
    // Destroyed with the parser's error, as Node's own handler does.
    socket.on("error", () => undefined);
    const timeout = Object.assign(new Error("Request timeout"), {
      code: "ERR_HTTP_REQUEST_TIMEOUT",
      rawPacket: Buffer.from("GET / HTTP/1.1\r\nAccept-Language: de\r\n"),
    });
    answerClientError(timeout, socket);
    expect(written.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(JSON.parse(written.slice(written.indexOf("\r\n\r\n") + 4))).toEqual({
      error: textIn("de", messages.requestTimeout),
    });
    expect(socket.destroyed).toBe(true);
  });

  it("a well-formed request on the same server is still answered", async () => {
    const answer = await sendRaw("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { ok: true }]);
  });
});

describe("Fastify's own refusals", () => {
  const cases: {
    name: string;
    request: (language: Record<string, string>) => InjectOptions;
    status: number;
    error: string;
  }[] = [
    {
      name: "an unknown route",
      request: (h) => ({ method: "GET", url: "/api/nowhere", headers: h }),
      status: 404,
      error: messages.notFound,
    },
    {
      name: "an unknown method on a known path",
      request: (h) => ({ method: "PROPFIND", url: "/api/groups", headers: h }),
      status: 404,
      error: messages.notFound,
    },
    {
      name: "an over-long path parameter",
      request: (h) => ({ method: "GET", url: `/api/invites/validate/${"x".repeat(300)}`, headers: h }),
      status: 414,
      error: messages.addressTooLong,
    },
    {
      name: "a malformed percent-encoding",
      request: (h) => ({ method: "GET", url: "/api/invites/validate/%ZZ", headers: h }),
      status: 400,
      error: messages.addressInvalid,
    },
    {
      name: "a body that is not JSON",
      request: (h) => ({
        method: "POST",
        url: "/api/feedback",
        headers: { ...h, "content-type": "application/json" },
        payload: "{not json",
      }),
      status: 400,
      error: messages.bodyNotJson,
    },
    {
      name: "JSON with a __proto__ key",
      request: (h) => ({
        method: "POST",
        url: "/api/feedback",
        headers: { ...h, "content-type": "application/json" },
        payload: '{"__proto__":{"admin":true},"message":"hi"}',
      }),
      status: 400,
      error: messages.bodyNotJson,
    },
    {
      name: "an empty JSON body",
      request: (h) => ({
        method: "POST",
        url: "/api/feedback",
        headers: { ...h, "content-type": "application/json" },
        payload: "",
      }),
      status: 400,
      error: messages.bodyNotJson,
    },
    {
      name: "a body too large",
      request: (h) => ({
        method: "POST",
        url: "/api/feedback",
        headers: h,
        payload: { email: "a@b.co", message: "x".repeat(200_000) },
      }),
      status: 413,
      error: messages.bodyTooLarge,
    },
    {
      name: "a POST body that is not JSON",
      request: (h) => ({
        method: "POST",
        url: "/api/groups",
        headers: { ...headers, ...h, "content-type": "text/plain" },
        payload: "hello",
      }),
      status: 415,
      error: messages.contentTypeNotJson,
    },
    {
      name: "a DELETE body that is not JSON (Fastify's own content-type check)",
      request: (h) => ({
        method: "DELETE",
        url: "/api/push/subscriptions/00000000-0000-4000-8000-000000000000",
        headers: { ...headers, ...h, "content-type": "application/xml" },
        payload: "<hello/>",
      }),
      status: 415,
      error: messages.contentTypeNotJson,
    },
  ];
  for (const { name, request, status, error } of cases) {
    it(`${name} is ${status} { error } in English, Spanish and German`, async () => {
      for (const locale of ["en", "es", "de"] as const) {
        const response = await app.server.inject(request(locale === "en" ? {} : { "accept-language": locale }));
        expect([response.statusCode, response.json()], `${name} in ${locale}`).toEqual([
          status,
          { error: textIn(locale, error) },
        ]);
      }
    });
  }
});
