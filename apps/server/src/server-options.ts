import { loggableError } from "@hyn/core";
import type { FastifyHttpOptions, FastifyReply, FastifyRequest } from "fastify";
import type { Server } from "node:http";
import { BODY_LIMIT_BYTES } from "./body-limit.mjs";
import { answerClientError, answerRouterError } from "./client-errors";
import type { Env } from "./env";
import type { UrlRedactor } from "./plugins/log-redaction";
import { RequestLogController } from "./plugins/request-logging";

/**
 * Fastify's own settings: the logger, limits on a request, proxies, and its refusals before any route.
 * `redactUrl`: tokens in addresses never reach the log (issue 24), every logged URL passes it.
 */
export function serverOptions(
  env: Env,
  redactUrl: UrlRedactor,
  logStream?: { write(line: string): void },
): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: env.LOG_LEVEL,
      // Never log credentials: session cookies, bearer tokens, passwords.
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.password",
          "*.token",
        ],
        censor: "[redacted]",
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        // A failed query's values (password hashes, addresses) never reach the log: every `err` passes here.
        err: loggableError,
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new RequestLogController(redactUrl),
    requestIdHeader: "x-request-id",
    bodyLimit: BODY_LIMIT_BYTES,
    // A tRPC batch names its procedures in one path parameter ("groups.list,limits.withCounts,..."):
    // Fastify's default of 100 characters refused a page's batch of six queries with 414.
    routerOptions: { maxParamLength: 256 },
    trustProxy: env.TRUST_PROXY,
    // Typed for every route's generics; these errors come before any route is chosen.
    frameworkErrors: (error, request, reply) => answerRouterError(error, request, reply as FastifyReply),
    // Node's parser refuses some requests before Fastify sees them (431, 400, 408): answered as ours.
    clientErrorHandler: answerClientError,
    // Node would answer a missing Host with an empty 400; registerErrorHandler's hook answers it as every refusal.
    http: { requireHostHeader: false },
  };
}
