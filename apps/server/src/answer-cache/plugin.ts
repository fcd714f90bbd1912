import {
  readFreshness,
  sessionIdOfToken,
  sessionNeedsWrite,
  type Clock,
  type FreshnessCheck,
  type GroupFreshness,
} from "@hyn/core";
import type { Database } from "@hyn/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sessionTokenOf } from "../plugins/session-token";
import { answerParts, splitAtServerTime, validUntilOf, writeAnswer } from "./answer-body";
import { AnswerStore } from "./answer-store";
import { createCheckBatcher } from "./check-batcher";
import { recogniseCacheableCall, type CacheableCall } from "./cacheable-calls";

/**
 * How long an entry may serve at most, whatever the change log says. It bounds how far back the
 * change log must reach (jobs/change-log-pruner.ts prunes on the same period).
 */
export const ANSWER_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * Freshness statements out at once, and checks per statement (ADR 0010). Two in flight keep the
 * database busy while the server reads the last answer; a few dozen checks keep one statement short.
 */
const CHECKS_IN_FLIGHT = 2;
const CHECKS_PER_STATEMENT = 64;

/**
 * The headers a hit repeats from the answer it stored; the security headers are set afresh on every
 * call. `link` is a REST list's next page (ADR 0014), part of the answer as much as its body.
 */
const DESCRIBING_HEADERS = ["content-type", "vary", "link"];

/** A call the cache let through to be answered normally, and what to store once it is. */
interface PendingAnswer {
  key: string;
  snapshot: string;
  since: number;
}

declare module "fastify" {
  interface FastifyRequest {
    answerCachePending: PendingAnswer | null;
  }
}

/**
 * The answer cache (ADR 0009): dashboards and group lists served from memory when one statement
 * shows nothing they depend on has changed. Register before the routes it serves. Every call it
 * does not answer (no entry, a change, a session that needs a write, no membership, any error) goes
 * the normal way with nothing different but the session, which it hands on (`request.knownSession`,
 * plugins/session.ts: register that first).
 */
export function registerAnswerCache(
  server: FastifyInstance,
  options: { db: Database; clock: Clock; maxBytes: number },
) {
  const { db, clock } = options;
  const store = new AnswerStore(options.maxBytes);
  const checks = createCheckBatcher<FreshnessCheck, GroupFreshness | null>({
    run: (batch) => readFreshness(db, batch),
    maxInFlight: CHECKS_IN_FLIGHT,
    maxBatch: CHECKS_PER_STATEMENT,
  });
  server.decorateRequest("answerCachePending", null);

  /** Only where the normal path would answer 200 without writing: otherwise it must run, and does. */
  function mayServe(call: CacheableCall, fresh: GroupFreshness | null, now: Date): fresh is GroupFreshness {
    if (!fresh || sessionNeedsWrite(fresh, now)) return false;
    // A group's shared list is not the list of someone in a block (PRODUCT "Blocking"): theirs is built afresh.
    return call.scope === "dashboard" || (fresh.isMember === true && !fresh.inBlock);
  }

  async function checkFreshness(
    request: FastifyRequest,
    call: CacheableCall,
    sessionId: string,
    snapshot: string | null,
  ) {
    try {
      return await checks.check({ sessionId, groupId: call.scope === "group" ? call.groupId : null, snapshot });
    } catch (error) {
      // The normal path meets the same database and reports it its own way.
      request.log.warn({ err: error }, "answer cache check failed; answering normally");
      return null;
    }
  }

  server.addHook("onRequest", async (request, reply) => {
    const call = recogniseCacheableCall(request.method, request.url);
    // A client asking for a fresh answer (Cache-Control: no-cache) gets exactly the uncached path.
    if (!call || request.headers["trpc-accept"] || /no-cache/.test(request.headers["cache-control"] ?? "")) return;
    const sessionId = sessionIdOfToken(sessionTokenOf(request).token);
    if (!sessionId) return;
    const key = call.key(sessionId);
    const now = clock.now();
    const entry = store.get(key);
    const usable =
      entry && now.getTime() - entry.builtAt < ANSWER_MAX_AGE_MS && now.getTime() < entry.validUntil
        ? entry
        : undefined;
    const fresh = await checkFreshness(request, call, sessionId, usable?.snapshot ?? null);
    if (!mayServe(call, fresh, now)) return;
    if (usable && !fresh.changed) {
      // Straight to the socket, with the headers set so far (security) and the stored ones. Fastify
      // still logs the response and runs its end-of-response work: it listens on the raw response.
      reply.hijack();
      writeAnswer(reply.raw, { ...reply.getHeaders(), ...usable.headers }, answerParts(usable, now));
      return reply;
    }
    request.answerCachePending = { key, snapshot: fresh.snapshot, since: now.getTime() };
    request.knownSession = { id: sessionId, user: fresh.user };
    return;
  });

  server.addHook("onSend", async (request, reply, payload) => {
    const pending = request.answerCachePending;
    if (!pending) return payload;
    const sent = await sentBody(reply, payload);
    if (!sent) return payload;
    const contentType = String(reply.getHeader("content-type") ?? "");
    if (sent.status === 200 && contentType.startsWith("application/json") && !reply.hasHeader("set-cookie")) {
      const headers = Object.fromEntries(
        DESCRIBING_HEADERS.filter((name) => reply.hasHeader(name)).map((name) => [name, String(reply.getHeader(name))]),
      );
      store.set(pending.key, {
        ...splitAtServerTime(sent.body),
        headers,
        snapshot: pending.snapshot,
        builtAt: pending.since,
        validUntil: validUntilOf(JSON.parse(sent.body), pending.since),
      });
    }
    return sent.body;
  });

  return { store };
}

/**
 * The body about to be sent, as text: REST replies arrive here serialized; tRPC's adapter sends a
 * fetch Response, whose status and headers go onto the reply as Fastify itself would copy them.
 */
async function sentBody(reply: FastifyReply, payload: unknown): Promise<{ status: number; body: string } | null> {
  if (typeof payload === "string") return { status: reply.statusCode, body: payload };
  if (payload instanceof Response) {
    const body = await payload.text();
    void reply.code(payload.status);
    for (const [name, value] of payload.headers) void reply.header(name, value);
    return { status: payload.status, body };
  }
  return null;
}
