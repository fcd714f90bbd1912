import { serverErrorText } from "@hyn/i18n/server";
import { localeOfAcceptLanguage, type KeyedMessage, type Locale, type MessageKey } from "@hyn/validators";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's own refusals of a request (its address, its body) in the `{ "error": "<text>" }` contract:
 * our message for each one a client can cause, with Fastify's 4xx status.
 */
const KEY_OF_FASTIFY_CODE: Record<string, MessageKey> = {
  FST_ERR_BAD_URL: "addressInvalid",
  FST_ERR_MAX_PARAM_LENGTH: "addressTooLong",
  FST_ERR_CTP_INVALID_JSON_BODY: "bodyNotJson",
  FST_ERR_CTP_EMPTY_JSON_BODY: "bodyNotJson",
  FST_ERR_CTP_BODY_TOO_LARGE: "bodyTooLarge",
};

/** The language a request asks for (Accept-Language); English when it names none the app speaks. */
export const localeOfRequest = (request: Pick<FastifyRequest, "headers">): Locale => localeOfAcceptLanguage(request.headers["accept-language"]);

/**
 * A message, by key (ADR 0020), as the `{ "error": ... }` body of an answer to `request`: in the
 * language it asks for (the spec's English when it names none). Logs keep the English.
 */
export const errorBody = (request: Pick<FastifyRequest, "headers">, message: MessageKey | KeyedMessage): { error: string } => ({
  error: serverErrorText(typeof message === "string" ? { key: message } : message, localeOfRequest(request)),
});

/** The body of a 4xx error: ours for Fastify's codes above, else the error's own text (a plain sentence). */
export function clientErrorBody(request: Pick<FastifyRequest, "headers">, error: { code?: string; message: string }): { error: string } {
  const key = error.code === undefined ? undefined : KEY_OF_FASTIFY_CODE[error.code];
  return key ? errorBody(request, key) : { error: error.message };
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of an address (bad percent-encoding, an over-long
 * parameter; no route has async constraints) never reach the error handler, so they are answered here.
 */
export function answerRouterError(error: FastifyError, request: Pick<FastifyRequest, "headers">, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send(clientErrorBody(request, error));
}
