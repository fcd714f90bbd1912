import { AppError, domainErrorOf } from "@hyn/core";
import { isConnectionLost } from "@hyn/db";
import { initTRPC } from "@trpc/server";
import type { Context } from "./context";
import { publicKeyedMessage, publicMessage, toTRPCError } from "./errors";
import type { ProcedureMeta } from "./procedure-meta";
import { transformer } from "./transformer";

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    // Live-update streams (SSE) ping every 15 s, so proxies do not close an idle dashboard's stream.
    sse: { ping: { enabled: true, intervalMs: 15_000 } },
    errorFormatter({ shape, error, ctx }) {
      // Stacks never leave the server; the message is the spec's text or a generic one, in the caller's
      // language (no context when creating it failed: then English). The key and values travel too, so
      // the web app decides by key, never by comparing texts (ADR 0020).
      const { stack: _stack, ...data } = shape.data;
      const keyed = publicKeyedMessage(error);
      const byKey = keyed
        ? { messageKey: keyed.key, ...("values" in keyed ? { messageValues: keyed.values } : {}) }
        : {};
      return { ...shape, message: publicMessage(error, ctx?.locale), data: { ...data, ...byKey } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Domain errors become tRPC errors here, once, for every procedure. A query that met a lost database
 * connection runs once more (the pool hands it a new one): a read's only writes are idempotent (the
 * session lookup's expiry slide and activity time, default rows inserted if missing; at worst a rate
 * limit counts the try twice). A mutation is not repeated, since it may have committed before the
 * connection broke: it answers 503 with Retry-After.
 */
const mapAppErrors = t.middleware(async ({ type, next }) => {
  let result = await next();
  if (!result.ok && type === "query" && isConnectionLost(result.error.cause)) result = await next();
  const domainError = result.ok ? null : domainErrorOf(result.error.cause);
  if (domainError) throw toTRPCError(domainError);
  if (result.ok && type === "subscription" && isAsyncIterable(result.data))
    return { ...result, data: withDomainErrorsMapped(result.data) };
  return result;
});

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  value != null && typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === "function";

/** A subscription's stream that fails later (a live stream whose session ended) fails as a call does. */
async function* withDomainErrorsMapped<T>(stream: AsyncIterable<T>): AsyncGenerator<T, void, unknown> {
  try {
    yield* stream;
  } catch (error) {
    const domainError = domainErrorOf(error);
    throw domainError ? toTRPCError(domainError) : error;
  }
}

const baseProcedure = t.procedure.use(mapAppErrors);

/** `public` in the meta comes from the builder a procedure starts from, so it cannot disagree with the check. */
export const publicProcedure = baseProcedure.meta({ public: true });

export const protectedProcedure = baseProcedure.meta({ public: false }).use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("UNAUTHENTICATED", "noAuthenticatedUser");
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/**
 * The admin flag comes from the users row read with the session on every call. `admin` in the meta is
 * stamped here, as `public` is above, so the sweep knows the admin's procedures from what runs.
 */
export const adminProcedure = protectedProcedure.meta({ admin: true }).use(({ ctx, next }) => {
  if (!ctx.session.user.isAdmin) throw new AppError("FORBIDDEN", "adminRequired");
  return next();
});
