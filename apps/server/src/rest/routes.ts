import { procedureCatalog, type CatalogEntry, type RestMeta } from "@hyn/api";
import type { FastifyRequest } from "fastify";

/**
 * PRODUCT "Calls" as a table, derived from the router (ADR 0018): each procedure with `rest` in its meta is
 * one REST path that calls it through createCaller, so REST and tRPC can never disagree, and a path
 * without a procedure cannot exist. The procedure validates the input the route builds.
 */
export interface RestRoute extends RestMeta {
  /** Dotted tRPC path, e.g. "auth.signUp". */
  procedure: string;
  public: boolean;
  /** The procedure's zod schemas, which the OpenAPI document describes. */
  schemas: Pick<CatalogEntry, "input" | "output">;
}

/** The query parameters of a paged list; the procedure validates them. */
export const PAGE_QUERY = ["limit", "cursor"] as const;

export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function pageQuery(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  return Object.fromEntries(PAGE_QUERY.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
}

/**
 * The procedure's input from the HTTP request, as the meta declares it: the JSON body, a page's
 * query parameters, then the path parameters (by name, or renamed) over them.
 */
export function inputOfRequest(route: RestMeta, request: FastifyRequest): unknown {
  const params = request.params as Record<string, string>;
  const names = pathParams(route.path);
  const page = route.answer === "page";
  // A body alone goes as it came, so the procedure judges exactly what was sent.
  if (names.length === 0 && !page) return route.body ? (request.body ?? {}) : undefined;
  return {
    ...(route.body ? ((request.body ?? {}) as object) : {}),
    ...(page ? pageQuery(request) : {}),
    ...Object.fromEntries(names.map((name) => [route.renameParams?.[name] ?? name, params[name]])),
  };
}

export function restRoutesOf(catalog: readonly CatalogEntry[]): RestRoute[] {
  return catalog.flatMap(({ path, meta, input, output }) =>
    meta.rest
      ? [
          {
            ...meta.rest,
            procedure: path,
            public: meta.public === true,
            schemas: { ...(input ? { input } : {}), ...(output ? { output } : {}) },
          },
        ]
      : [],
  );
}

export const restRoutes: RestRoute[] = restRoutesOf(procedureCatalog);
