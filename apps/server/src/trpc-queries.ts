import type { Context } from "@hyn/api";
import type { TRPCError } from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import { getTRPCErrorFromUnknown } from "@trpc/server/unstable-core-do-not-import";
import type { FastifyReply, FastifyRequest } from "fastify";
import { batchCallsOf, valuesOfParsedQuery } from "./trpc-get-input";
import { deserializedInput, procedureAt, trpcBody, trpcErrorItem, type TrpcItem } from "./trpc-shapes";

/** What tRPC's handler is also given: the same functions serve both ways (trpc-mount.ts). */
export interface TrpcCallOptions {
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** Headers for an answer with these errors (tRPC's `responseMeta`). */
  headersFor: (errors: readonly TRPCError[]) => Record<string, string>;
  onError: (error: TRPCError, path: string | undefined) => void;
}

/** Each call's input as tRPC reads it (superjson), or null if one cannot be read. */
function inputsOf(calls: Record<string, unknown>, count: number): unknown[] | null {
  try {
    return Array.from({ length: count }, (_, index) => {
      const raw = calls[index];
      return raw === undefined ? undefined : deserializedInput(raw);
    });
  } catch {
    return null;
  }
}

/**
 * A batch of queries sent by GET (what the web client's `httpBatchLink` sends for every read), answered
 * exactly as tRPC's own handler answers it (ADR 0032) without its fetch adapter: no web `Request`,
 * `Headers`, `AbortController` or streamed `Response` per call, about a tenth of a fresh dashboard's
 * server CPU. The same procedures, context, error shapes, status and headers; the body
 * goes to Fastify as one string. Anything else (mutations, live updates, a single unbatched call, an
 * input it cannot read or given twice, an unknown path) returns false and goes to tRPC's handler as before, which then
 * also gives the error tRPC gives.
 */
export async function answerBatchedQueries(
  request: FastifyRequest,
  reply: FastifyReply,
  options: TrpcCallOptions,
): Promise<boolean> {
  const { accept } = request.headers;
  if (request.method !== "GET" || request.headers["trpc-accept"] !== undefined || accept?.includes("application/jsonl"))
    return false;
  // A key given twice, or an input that is not a JSON object, is left to tRPC's handler (trpc-get-input.ts).
  const calls = batchCallsOf(valuesOfParsedQuery(request.query as Record<string, string | string[] | undefined>));
  const pathParameter = (request.params as { path?: string }).path;
  if (!calls || !pathParameter) return false;
  const paths = pathParameter.split(",");
  const called = paths.map(procedureAt);
  if (!called.every((procedure) => procedure?._def.type === "query")) return false;
  const inputs = inputsOf(calls, paths.length);
  if (!inputs) return false;

  let context: Context | undefined;
  let contextError: TRPCError | undefined;
  try {
    context = await options.createContext(request, reply);
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }
  const outcomes = await Promise.all(
    called.map(async (procedure, index): Promise<{ data: unknown } | { error: TRPCError }> => {
      try {
        if (contextError) throw contextError;
        const data: unknown = await procedure!({
          path: paths[index]!,
          getRawInput: () => Promise.resolve(inputs[index]),
          ctx: context,
          type: "query",
          signal: undefined,
          batchIndex: index,
        });
        return { data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError(error, paths[index]);
        return { error };
      }
    }),
  );
  const errors = outcomes.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []));
  const items: TrpcItem[] = outcomes.map((outcome, index) =>
    "error" in outcome
      ? trpcErrorItem({ error: outcome.error, type: "query", path: paths[index]!, input: inputs[index], ctx: context })
      : { result: { data: outcome.data } },
  );
  const status = getHTTPStatusCode(items as never);
  void reply
    .code(status)
    .header("vary", "trpc-accept, accept")
    .header("content-type", "application/json")
    .headers(options.headersFor(errors));
  await reply.send(trpcBody(items));
  return true;
}
