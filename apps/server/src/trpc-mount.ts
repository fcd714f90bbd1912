import { appRouter, createContextInner, type AppRouter } from "@hyn/api";
import { isAppError, type Services } from "@hyn/core";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance } from "fastify";
import { localeOfRequest } from "./client-errors";
import { sessionOfRequest } from "./plugins/session";
import { sessionCookieFor } from "./plugins/session-token";

/** tRPC at `prefix` (batched calls, and the live updates' SSE subscriptions, ADR 0004). */
export async function registerTrpc(
  server: FastifyInstance,
  options: { prefix: string; services: Services; secureCookies: boolean; checkAnswers: boolean },
): Promise<void> {
  const { services, secureCookies, checkAnswers } = options;
  await server.register(fastifyTRPCPlugin, {
    prefix: options.prefix,
    trpcOptions: {
      router: appRouter,
      async createContext({ req, res }) {
        const session = await sessionOfRequest(services, req);
        return createContextInner({
          services,
          session,
          sessionCookie: sessionCookieFor(res, secureCookies),
          ip: req.ip,
          locale: localeOfRequest(req),
          checkAnswers,
        });
      },
      responseMeta({ errors }) {
        // A rate-limited call tells the client when to come back (issue 5), as the REST adapter does.
        const retryAfter = errors
          .map((e) => (isAppError(e.cause) ? (e.cause.details?.retryAfterSeconds as number | undefined) : undefined))
          .find((v) => v !== undefined);
        return retryAfter ? { headers: { "Retry-After": String(retryAfter) } } : {};
      },
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR")
          server.log.error({ err: error.cause ?? error, path }, "tRPC call failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
