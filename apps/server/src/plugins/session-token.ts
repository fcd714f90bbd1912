import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionCookie } from "@hyn/api";

export const SESSION_COOKIE = "hyn_session";

/** The session token of a request: the Bearer header wins over the cookie (REST clients vs the SPA). */
export function sessionTokenOf(request: FastifyRequest): { token: string | null; via: "bearer" | "cookie" | null } {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim() || null, via: "bearer" };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : { token: null, via: null };
}

export function sessionCookieFor(reply: FastifyReply, secure: boolean): SessionCookie {
  return {
    set(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        expires: expiresAt,
      });
    },
    clear() {
      reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure });
    },
  };
}
