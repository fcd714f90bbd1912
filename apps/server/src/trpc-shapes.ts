import { appRouter, type Context } from "@hyn/api";
import type { AnyProcedure, TRPCError } from "@trpc/server";
import { getErrorShape, transformTRPCResponse } from "@trpc/server/unstable-core-do-not-import";

/**
 * tRPC's answers written outside its handler, as its handler writes them (docs/INTERNALS.md): the batched
 * GET fast path (trpc-queries.ts) and a call shed under overload (overload.ts) both answer in tRPC's own
 * error shape and transformer, from the router's procedures by dotted path.
 */

// Keyed by dotted path at run time; tRPC's type describes the nested record.
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>;
const config = appRouter._def._config;

export type TrpcItem = { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };

/** The procedure at a dotted path, if there is one. */
export function procedureAt(path: string): AnyProcedure | undefined {
  return procedures[path];
}

/** A call's input as tRPC reads it (superjson); throws on one it cannot read. */
export function deserializedInput(raw: unknown): unknown {
  return config.transformer.input.deserialize(raw);
}

/** A call's error as tRPC's handler shapes it (the app's `errorFormatter` included). */
export function trpcErrorItem(call: {
  error: TRPCError;
  type: "query" | "mutation" | "subscription";
  path: string;
  input: unknown;
  ctx: Context | undefined;
}): TrpcItem {
  return { error: getErrorShape({ config, ...call }) };
}

/** The body of an answer: one item, or a batch's items, through the router's transformer. */
export function trpcBody(answer: TrpcItem | TrpcItem[]): string {
  return JSON.stringify(transformTRPCResponse(config, answer as never));
}
