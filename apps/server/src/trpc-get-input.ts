/**
 * The one reader of what a tRPC call sent by GET carries in its query (`?batch=1&input=...`), for the
 * three places that look at it before tRPC's handler: the answer cache recognising a call
 * (answer-cache/cacheable-calls.ts), the batched queries answered past the fetch adapter
 * (trpc-queries.ts) and the log's redaction (plugins/log-redaction.ts). What none of them can read the
 * way tRPC's handler would is left to that handler, which answers it.
 */

/** Every value a query gives a key, in order (a key given twice has two). */
export type QueryValues = (key: string) => readonly string[];

export const valuesOfSearchParams =
  (params: URLSearchParams): QueryValues =>
  (key) =>
    params.getAll(key);

/** Fastify's parsed query: a key given once is a string, twice an array. */
export const valuesOfParsedQuery =
  (query: Record<string, string | string[] | undefined>): QueryValues =>
  (key) => {
    const value = query[key];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };

/** An `input` that is not JSON. */
export const UNREADABLE = Symbol("unreadable tRPC input");

/** One `input` value as JSON (a batch's: an object of calls by index, each written by superjson). */
export function parseTrpcInput(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/**
 * The calls of a batch by index (`{"0": <superjson>, ...}`; `{}` when it sent no `input`), or null when
 * the query is not one batch this reader can be sure of: `batch` not `1`, a key given twice, or an
 * `input` that is not a JSON object.
 */
export function batchCallsOf(values: QueryValues): Record<string, unknown> | null {
  const batch = values("batch");
  const input = values("input");
  if (batch.length !== 1 || batch[0] !== "1" || input.length > 1) return null;
  if (input.length === 0) return {};
  const calls = parseTrpcInput(input[0]!);
  if (calls === null || typeof calls !== "object" || Array.isArray(calls)) return null;
  return calls as Record<string, unknown>;
}
