import { messages } from "@hyn/validators";
import type { FastifyInstance } from "fastify";
import { clientErrorText, errorBody } from "../client-errors";

/** Every error a handler throws answers `{ "error": "<text>" }`; a 5xx never shows internals, it is logged. */
export function registerErrorHandler(server: FastifyInstance): void {
  server.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(errorBody(request, messages.internal));
    }
    return reply.code(status).send(errorBody(request, clientErrorText(error)));
  });
}
