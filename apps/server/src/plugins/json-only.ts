import type { FastifyInstance } from "fastify";
import { errorBody } from "../client-errors";

/**
 * JSON only: anything else with a body is refused (415) before it reaches a procedure, except a POST to
 * one of `formRoutes` (the RFC 8058 one-click unsubscribe, whose form body mail providers send; its own
 * parsers check it).
 */
export function registerJsonOnly(server: FastifyInstance, options: { formRoutes: readonly string[] }): void {
  server.addHook("onRequest", async (request, reply) => {
    if (
      request.method === "GET" ||
      request.method === "HEAD" ||
      request.method === "OPTIONS" ||
      request.method === "DELETE"
    )
      return;
    if (request.method === "POST" && options.formRoutes.includes(request.routeOptions.url ?? "")) return;
    const length = Number(request.headers["content-length"] ?? 0);
    const type = request.headers["content-type"] ?? "";
    if (length > 0 && !type.startsWith("application/json")) {
      return reply.code(415).send(errorBody(request, "contentTypeNotJson"));
    }
    return undefined;
  });
}
