import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { serverErrorText } from "@hyn/i18n/server";
import { localeOfAcceptLanguage, messages, type Locale } from "@hyn/validators";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's own refusals of a request (its address, its body) in the `{ "error": "<text>" }` contract:
 * our text for each one a client can cause, with Fastify's 4xx status.
 */
const TEXT_OF_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_BAD_URL: messages.addressInvalid,
  FST_ERR_INVALID_URL: messages.addressInvalid,
  FST_ERR_MAX_PARAM_LENGTH: messages.addressTooLong,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.contentLengthInvalid,
  // Every route but the one-click unsubscribe (which takes any body and says what it needs) reads JSON only.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.contentTypeNotJson,
};

/** A refusal nobody named (a plugin's, a future Fastify's): our text for its status, never its own English. */
const TEXT_OF_STATUS: Record<number, string> = {
  404: messages.notFound,
  408: messages.requestTimeout,
  413: messages.bodyTooLarge,
  414: messages.addressTooLong,
  415: messages.contentTypeNotJson,
  417: messages.expectationFailed,
  431: messages.headersTooLarge,
};

const OUR_TEXTS = new Set<string>(Object.values(messages));

/** The language a request asks for (Accept-Language); English when it names none the app speaks. */
export const localeOfRequest = (request: Pick<FastifyRequest, "headers">): Locale => localeOfAcceptLanguage(request.headers["accept-language"]);

/**
 * A spec text (English, from @hyn/validators' messages) as the `{ "error": ... }` body of an answer to
 * `request`: in the language it asks for. Logs keep the English.
 */
export const errorBody = (request: Pick<FastifyRequest, "headers">, english: string): { error: string } => ({
  error: serverErrorText(english, localeOfRequest(request)),
});

/** The text of a 4xx error: ours for Fastify's codes above, the error's own when it is one of ours, else ours for its status. */
export function clientErrorText(error: { code?: string; message: string; statusCode?: number }): string {
  if (error.code && TEXT_OF_FASTIFY_CODE[error.code]) return TEXT_OF_FASTIFY_CODE[error.code]!;
  if (OUR_TEXTS.has(error.message)) return error.message;
  return TEXT_OF_STATUS[error.statusCode ?? 400] ?? messages.badRequest;
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of an address (bad percent-encoding, an over-long
 * parameter; no route has async constraints) never reach the error handler, so they are answered here.
 */
export function answerRouterError(error: FastifyError, request: Pick<FastifyRequest, "headers">, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send(errorBody(request, clientErrorText(error)));
}

/** The Accept-Language line of a request Node's parser gave up on, when it got that far. */
function acceptLanguageOf(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString("latin1"))?.[1];
}

/** An answer written on a socket that has no request object: the same body, closing the connection. */
function rawAnswer(status: number, english: string, locale: Locale): string {
  const body = JSON.stringify({ error: serverErrorText(english, locale) });
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
  const [status, text] =
    error.code === "HPE_HEADER_OVERFLOW" ? [431, messages.headersTooLarge] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, messages.requestTimeout] : [400, messages.badRequest];
  if (socket.writable) socket.write(rawAnswer(status, text, localeOfAcceptLanguage(acceptLanguageOf(error.rawPacket))));
  socket.destroy(error);
}

/**
 * Node answers an `Expect` other than 100-continue with an empty 417 unless someone listens for it
 * (`checkExpectation`): this one answers `{ "error" }` instead.
 */
export function answerUnmetExpectation(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ error: serverErrorText(messages.expectationFailed, localeOfAcceptLanguage(request.headers["accept-language"])) });
  response.writeHead(417, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close" });
  response.end(body);
}
