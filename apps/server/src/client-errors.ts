import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { serverErrorText } from "@hyn/i18n/server";
import { localeOfAcceptLanguage, type KeyedMessage, type Locale, type MessageKey } from "@hyn/validators";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's own refusals of a request (its address, its body) in the `{ "error": "<text>" }` contract:
 * our message for each one a client can cause, with Fastify's 4xx status.
 */
const KEY_OF_FASTIFY_CODE: Record<string, MessageKey> = {
  FST_ERR_BAD_URL: "addressInvalid",
  FST_ERR_INVALID_URL: "addressInvalid",
  FST_ERR_MAX_PARAM_LENGTH: "addressTooLong",
  FST_ERR_CTP_INVALID_JSON_BODY: "bodyNotJson",
  FST_ERR_CTP_EMPTY_JSON_BODY: "bodyNotJson",
  FST_ERR_CTP_BODY_TOO_LARGE: "bodyTooLarge",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "contentLengthInvalid",
  // Every route but the one-click unsubscribe (which says what it needs) reads JSON only.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "contentTypeNotJson",
};

/** A refusal nobody named (a plugin's, a future Fastify's): our message for its status, never its own English. */
const KEY_OF_STATUS: Record<number, MessageKey> = {
  404: "notFound",
  408: "requestTimeout",
  413: "bodyTooLarge",
  414: "addressTooLong",
  415: "contentTypeNotJson",
  417: "expectationFailed",
  431: "headersTooLarge",
};

/** The language a request asks for (Accept-Language); English when it names none the app speaks. */
export const localeOfRequest = (request: Pick<FastifyRequest, "headers">): Locale =>
  localeOfAcceptLanguage(request.headers["accept-language"]);

/**
 * A message, by key (ADR 0020), as the `{ "error": ... }` body of an answer to `request`: in the
 * language it asks for (the spec's English when it names none). Logs keep the English.
 */
export const errorBody = (
  request: Pick<FastifyRequest, "headers">,
  message: MessageKey | KeyedMessage,
): { error: string } => ({
  error: serverErrorText(typeof message === "string" ? { key: message } : message, localeOfRequest(request)),
});

/** The message of a 4xx error: ours for Fastify's codes above, else ours for its status. */
export function clientErrorKey(error: { code?: string; statusCode?: number }): MessageKey {
  const ofCode = error.code === undefined ? undefined : KEY_OF_FASTIFY_CODE[error.code];
  return ofCode ?? KEY_OF_STATUS[error.statusCode ?? 400] ?? "badRequest";
}

/** The body of a 4xx error, in the request's language. */
export function clientErrorBody(
  request: Pick<FastifyRequest, "headers">,
  error: { code?: string; statusCode?: number },
): { error: string } {
  return errorBody(request, clientErrorKey(error));
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of an address (bad percent-encoding, an over-long
 * parameter; no route has async constraints) never reach the error handler, so they are answered here.
 */
export function answerRouterError(
  error: FastifyError,
  request: Pick<FastifyRequest, "headers">,
  reply: FastifyReply,
): void {
  void reply.code(error.statusCode ?? 400).send(clientErrorBody(request, error));
}

/** The Accept-Language line of a request Node's parser gave up on, when it got that far. */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString("latin1"))?.[1];
}

/** An answer written on a socket that has no request object: the same body, closing the connection. */
function rawAnswer(status: number, key: MessageKey, locale: Locale): string {
  const body = JSON.stringify({ error: serverErrorText({ key }, locale) });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request before Fastify sees it (headers
 * or address over 16 KB: 431; malformed HTTP: 400; headers too slow: 408). Fastify's default answers
 * in its own English shape; this answers `{ "error" }`, in the language of the Accept-Language header
 * when the parser read that far.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  // A reset connection has no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headersTooLarge"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "requestTimeout"]
        : [400, "badRequest"];
  if (socket.writable) socket.write(rawAnswer(status, key, localeOfAcceptLanguage(acceptLanguageOf(error.rawPacket))));
  socket.destroy(error);
}

/**
 * Node answers an `Expect` other than 100-continue with an empty 417 unless someone listens for it
 * (`checkExpectation`): this one answers `{ "error" }` instead.
 */
export function answerUnmetExpectation(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({
    error: serverErrorText({ key: "expectationFailed" }, localeOfAcceptLanguage(request.headers["accept-language"])),
  });
  response.writeHead(417, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  response.end(body);
}
