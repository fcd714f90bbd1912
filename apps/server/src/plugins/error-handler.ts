import type { FastifyInstance } from "fastify";
import { answerUnmetExpectation, clientErrorBody, errorBody } from "../client-errors";

/** Every error a handler throws answers `{ "error": "<text>" }`; a 5xx never shows internals, it is logged. */
export function registerErrorHandler(server: FastifyInstance): void {
  server.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(errorBody(request, "internal"));
    }
    return reply.code(status).send(clientErrorBody(request, error));
  });
  // HTTP/1.1 requires a Host header (RFC 9112 §3.2); first of all hooks, so nothing reads a request without one.
  server.addHook("onRequest", async (request, reply) => {
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined)
      return reply.code(400).send(errorBody(request, "hostHeaderMissing"));
    return undefined;
  });
  // An Expect other than 100-continue is refused by Node before Fastify: answered as every refusal.
  server.server.on("checkExpectation", answerUnmetExpectation);
}
