import helmet from "helmet";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../client-errors";
import { SESSION_COOKIE } from "./session-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Security headers, and CSRF protection for cookie-authenticated mutations: a browser sends the
 * cookie cross-site only with an Origin header, which must then be our own.
 */
export async function registerSecurity(app: FastifyInstance, options: { appUrl: string; https: boolean }) {
  // Built once: @fastify/helmet builds helmet's middleware (and re-parses the CSP) on every request.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The installable app's service worker and manifest (ADR 0016), from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  const ownOrigin = new URL(options.appUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.authorization?.startsWith("Bearer ")) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const requestOrigin = `${request.protocol}://${request.headers.host ?? ""}`;
    if (origin !== ownOrigin && origin !== requestOrigin) {
      return reply.code(403).send(errorBody(request, "crossSiteRefused"));
    }
    return undefined;
  });
}
