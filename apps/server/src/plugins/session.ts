import { resolveSession, type AuthSession } from "@hyn/api";
import type { Services } from "@hyn/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sessionTokenOf } from "./session-token";

declare module "fastify" {
  interface FastifyRequest {
    /** The call's session when something before the handler already read it (the answer cache does). */
    knownSession: AuthSession | null;
  }
}

/** Lets an earlier hook hand on the session it read, so a call looks its session up once. */
export function registerSessionLookup(server: FastifyInstance): void {
  server.decorateRequest("knownSession", null);
}

/**
 * The session of a call, for tRPC's context and the REST adapter alike: the one an earlier hook
 * already read for it, or else read now from its token.
 */
export async function sessionOfRequest(services: Services, request: FastifyRequest): Promise<AuthSession | null> {
  return request.knownSession ?? (await resolveSession(services, sessionTokenOf(request).token));
}
