import { createCaller, createContextInner } from "@hyn/api";
import type { Services } from "@hyn/core";
import type { FastifyInstance } from "fastify";
import { errorBody, localeOfRequest } from "../client-errors";
import { restErrorOf } from "./adapter";
import { ONE_CLICK_CONTENT_TYPES, ONE_CLICK_UNSUBSCRIBE_ROUTE } from "./one-click-path";

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the e-mail's
 * List-Unsubscribe URL, with no cookie and no Origin, as a form. A GET of the same URL is the web app's
 * page (the not-found handler serves it), which explains the link before anything changes.
 */

/** A one-click body says `List-Unsubscribe=One-Click`, as a URL-encoded form or a multipart field. */
export function isOneClickBody(contentType: string, body: string): boolean {
  if (contentType.startsWith("application/x-www-form-urlencoded"))
    return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return false;
  return body.split(`--${boundary}`).some((part) => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    return /name="?List-Unsubscribe"?(;|\s|$)/i.test(head ?? "") && rest.join("\n\n").trim() === "One-Click";
  });
}

export function registerOneClickUnsubscribe(
  server: FastifyInstance,
  options: { services: Services; checkAnswers: boolean },
) {
  return server.register(async (scope) => {
    // Only in this scope: every other route still parses JSON alone.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ONE_CLICK_CONTENT_TYPES,
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    // A body of another type is refused as elsewhere (415), but with what this route needs, not "JSON".
    scope.setErrorHandler(async (error: Error & { code?: string; statusCode?: number }, request, reply) => {
      if (error.code !== "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw error;
      return reply.code(415).send(errorBody(request, "oneClickBodyMissing"));
    });
    scope.post(ONE_CLICK_UNSUBSCRIBE_ROUTE, async (request, reply) => {
      const body = typeof request.body === "string" ? request.body : "";
      const locale = localeOfRequest(request);
      if (!isOneClickBody(request.headers["content-type"] ?? "", body))
        return reply.code(400).send(errorBody(request, "oneClickBodyMissing"));
      try {
        // No session: the signed token is the authority, whoever sends it.
        const caller = createCaller(
          createContextInner({
            services: options.services,
            session: null,
            ip: request.ip,
            locale,
            checkAnswers: options.checkAnswers,
          }),
        );
        return reply
          .code(200)
          .send(await caller.unsubscribe.confirm({ token: (request.params as { token: string }).token }));
      } catch (error) {
        const { status, message, retryAfter } = restErrorOf(error, locale);
        if (status >= 500) request.log.error({ err: error }, "one-click unsubscribe failed");
        if (retryAfter) void reply.header("Retry-After", String(retryAfter));
        return reply.code(status).send({ error: message });
      }
    });
  });
}
