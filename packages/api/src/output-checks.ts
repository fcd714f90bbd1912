/**
 * How procedures' answers meet their output schemas (ADR 0027). In tests and development every answer
 * is checked, strictly: it must already be exactly what its schema allows, since a check that quietly
 * strips an undeclared field would hide it in tests and send it once the check is off. In production
 * (the context's `checkAnswers` false) answers go out unchecked: the services' explicit selects decide
 * what an answer holds, and the strict check in every test run shows the schema would change nothing.
 *
 * tRPC offers no switch for this: `.output(schema)` adds a middleware marked `_type: "output"` to the
 * procedure's definition, and `checkOutputs` puts this one in its place, once per procedure at
 * start. It refuses to start if tRPC ever builds procedures differently.
 *
 * The check compares the answer with what its schema makes of it. A time is a Date in the answer and its
 * ISO text in the schema's output (`isoDateTime`, ADR 0033): that is the text `JSON.stringify` writes
 * for the Date, so the two are the same answer on the wire. The answer goes on as the procedure gave it.
 */
import type { AnyProcedure } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import type { z } from "zod";

type Middleware = ((options: {
  ctx: { checkAnswers?: boolean };
  next: () => Promise<MiddlewareResult>;
}) => Promise<MiddlewareResult>) & { _type?: string };
type MiddlewareResult = { ok: true; data: unknown } | { ok: false };

/** What a procedure keeps of its definition, which tRPC's public type leaves out. */
interface ProcedureDefinition {
  output?: unknown;
  middlewares: Middleware[];
}

/**
 * Where `a` and `b` differ as answers (the first path found), or null: plain objects key by key,
 * arrays item by item, Dates by time, a Date and a text by the Date's JSON (its ISO text), anything
 * else by identity. Not the keys' order: a schema writes its own, a service may build another (JSON
 * objects are unordered; ADR 0027).
 */
export function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (a === b) return null;
  if (a instanceof Date && (b instanceof Date || typeof b === "string"))
    return sameTime(a, b) ? null : path || "(the answer)";
  if (b instanceof Date && typeof a === "string") return sameTime(b, a) ? null : path || "(the answer)";
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return path || "(the answer)";
  if (Array.isArray(a) !== Array.isArray(b)) return path || "(the answer)";
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (const key of keysA) if (!(key in b)) return `${path}.${key}`;
  for (const key of keysB) if (!(key in a)) return `${path}.${key}`;
  for (const key of keysA) {
    const difference = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (difference) return difference;
  }
  return null;
}

/** A valid Date and a Date or the text JSON writes for it, naming the same time. */
const sameTime = (date: Date, other: Date | string) =>
  !Number.isNaN(date.getTime()) &&
  (typeof other === "string" ? date.toISOString() === other : date.getTime() === other.getTime());

/** The output middleware: the strict check, not in production. */
function checkOutput(schema: z.ZodType): Middleware {
  const middleware: Middleware = async ({ ctx, next }) => {
    const result = await next();
    if (!result.ok) return result;
    if (ctx.checkAnswers === false) return result;
    const checked = await schema.safeParseAsync(result.data);
    const difference = checked.success ? firstDifference(result.data, checked.data) : null;
    if (!checked.success || difference)
      throw new TRPCError({
        code: "INTERNAL_SERVER_ERROR",
        message: checked.success
          ? `Output validation failed: the answer differs from what its schema allows at ${difference}`
          : "Output validation failed",
        ...(checked.success ? {} : { cause: checked.error }),
      });
    return result;
  };
  middleware._type = "output";
  return middleware;
}

/** Puts `checkOutput` in place of every procedure's output middleware. */
export function checkOutputs(procedures: readonly AnyProcedure[]): void {
  for (const procedure of procedures) {
    const definition = procedure._def as unknown as ProcedureDefinition;
    if (definition.output === undefined) continue;
    const outputs = definition.middlewares.flatMap((middleware, index) =>
      middleware._type === "output" ? [index] : [],
    );
    if (outputs.length !== 1)
      throw new Error(`A procedure with an output schema has ${outputs.length} output middlewares: has tRPC changed?`);
    definition.middlewares[outputs[0]!] = checkOutput(definition.output as z.ZodType);
  }
}
