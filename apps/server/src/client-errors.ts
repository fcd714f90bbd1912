import { serverErrorText } from "@hyn/i18n/server";
import { localeOfAcceptLanguage, messages, type Locale } from "@hyn/validators";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's own refusals of a request (its address, its body) in the `{ "error": "<text>" }` contract:
 * our text for each one a client can cause, with Fastify's 4xx status.
 */
const TEXT_OF_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_BAD_URL: messages.addressInvalid,
  FST_ERR_MAX_PARAM_LENGTH: messages.addressTooLong,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
};

/** The language a request asks for (Accept-Language); English when it names none the app speaks. */
export const localeOfRequest = (request: Pick<FastifyRequest, "headers">): Locale => localeOfAcceptLanguage(request.headers["accept-language"]);

/**
 * A spec text (English, from @hyn/validators' messages) as the `{ "error": ... }` body of an answer to
 * `request`: in the language it asks for. Logs keep the English.
 */
export const errorBody = (request: Pick<FastifyRequest, "headers">, english: string): { error: string } => ({
  error: serverErrorText(english, localeOfRequest(request)),
});

/** The text of a 4xx error: ours for Fastify's codes above, else the error's own (a plain sentence). */
export function clientErrorText(error: { code?: string; message: string }): string {
  return (error.code && TEXT_OF_FASTIFY_CODE[error.code]) || error.message;
}

/**
 * Fastify's `frameworkErrors`: the router's refusals of an address (bad percent-encoding, an over-long
 * parameter; no route has async constraints) never reach the error handler, so they are answered here.
 */
export function answerRouterError(error: FastifyError, request: Pick<FastifyRequest, "headers">, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send(errorBody(request, clientErrorText(error)));
}
