import type { FastifyInstance } from "fastify";
import { clientErrorBody, errorBody } from "../client-errors";

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
}
