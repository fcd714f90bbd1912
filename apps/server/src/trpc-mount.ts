import { appRouter, createContextInner, type AppRouter } from "@hyn/api";
import { isAppError, type Services } from "@hyn/core";
import type { TRPCError } from "@trpc/server";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { localeOfRequest } from "./client-errors";
import { sessionOfRequest } from "./plugins/session";
import { sessionCookieFor } from "./plugins/session-token";
import { answerBatchedQueries, type TrpcCallOptions } from "./trpc-queries";

/**
 * tRPC at `prefix` (batched calls, and the live updates' SSE subscriptions, ADR 0004). Batched queries
 * sent by GET are answered before tRPC's handler, the same way without its fetch adapter (ADR 0032).
 */
export async function registerTrpc(
  server: FastifyInstance,
  options: { prefix: string; services: Services; secureCookies: boolean; checkAnswers: boolean },
): Promise<void> {
  const { services, secureCookies, checkAnswers } = options;
  const calls: TrpcCallOptions = {
    async createContext(request: FastifyRequest, reply: FastifyReply) {
      const session = await sessionOfRequest(services, request);
      return createContextInner({
        services,
        session,
        sessionCookie: sessionCookieFor(reply, secureCookies),
        ip: request.ip,
        locale: localeOfRequest(request),
        checkAnswers,
      });
    },
    headersFor(errors: readonly TRPCError[]): Record<string, string> {
      // A rate-limited call tells the client when to come back (issue 5), as the REST adapter does.
      const retryAfter = errors
        .map((e) => (isAppError(e.cause) ? (e.cause.details?.retryAfterSeconds as number | undefined) : undefined))
        .find((v) => v !== undefined);
      return retryAfter ? { "Retry-After": String(retryAfter) } : {};
    },
    onError(error: TRPCError, path: string | undefined) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        server.log.error({ err: error.cause ?? error, path }, "tRPC call failed");
    },
  };
  await server.register(async (trpc) => {
    trpc.addHook("preHandler", async (request, reply) => {
      if (await answerBatchedQueries(request, reply, calls)) return reply;
      return undefined;
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: options.prefix,
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => calls.createContext(req, res),
        responseMeta: ({ errors }) => ({ headers: calls.headersFor(errors) }),
        onError: ({ error, path }) => calls.onError(error, path),
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  });
}
