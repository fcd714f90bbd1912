/**
 * Every procedure of the router with what transports read from it: its dotted path, type, meta
 * and zod schemas. The one place that walks the router's definition (ADR 0018); the REST table,
 * the OpenAPI document and the authorization sweep all start from this list.
 */
import type { AnyProcedure } from "@trpc/server";
import { z } from "zod";
import type { ProcedureMeta } from "./procedure-meta";
import { appRouter } from "./root";

export interface CatalogEntry {
  /** Dotted tRPC path, e.g. "requests.claim". */
  path: string;
  type: "query" | "mutation" | "subscription";
  meta: ProcedureMeta;
  /** The input schema (every procedure here takes at most one), if any. */
  input?: z.ZodType;
  output?: z.ZodType;
}

interface RouterRecord {
  [key: string]: AnyProcedure | RouterRecord;
}

const isProcedure = (value: unknown): value is AnyProcedure => typeof value === "function" && "_def" in value;

function zodSchema(schema: unknown, path: string): z.ZodType | undefined {
  if (schema === undefined) return undefined;
  if (!(schema instanceof z.ZodType)) throw new Error(`${path}: its schemas must be zod schemas to be described`);
  return schema;
}

function entryOf(path: string, procedure: AnyProcedure): CatalogEntry {
  // The built procedure keeps its builder's output parser, which tRPC's public type leaves out.
  const def: { inputs: unknown[]; output?: unknown } = procedure._def;
  if (def.inputs.length > 1)
    throw new Error(`${path}: one input schema per procedure, so the document can describe it`);
  const meta: ProcedureMeta = procedure._def.meta ?? {};
  const input = zodSchema(def.inputs[0], path);
  const output = zodSchema(def.output, path);
  return { path, type: procedure._def.type, meta, ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

function walk(record: RouterRecord, prefix: string): CatalogEntry[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isProcedure(value) ? [entryOf(path, value)] : walk(value, path);
  });
}

/** In the router's order; built once, as the router never changes after start. */
export const procedureCatalog: readonly CatalogEntry[] = walk(appRouter._def.record, "");

export const catalogEntry = (path: string) => procedureCatalog.find((entry) => entry.path === path);
