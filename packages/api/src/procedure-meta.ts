/**
 * What a transport needs to know about a procedure, stated once on the procedure (ADR 0018):
 * `.meta({ rest: { method, path, ... } })`. The REST table, the OpenAPI document and the
 * authorization sweep's list are all read from the router (procedure-catalog.ts).
 */

/** How one REST route calls its procedure. A procedure without it has no REST route. */
export interface RestMeta {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Under /api, in Fastify syntax (:id). Each path parameter becomes an input field of the same name. */
  path: string;
  /** 201 for creations; 200 when absent. */
  successStatus?: 200 | 201;
  /** An answer `{ pending: true }` is sent with this status instead (202: accepted, not yet done; issue 27). */
  pendingStatus?: 202;
  /** The JSON body is (part of) the input; path parameters are merged over it. */
  body?: true;
  /** Path parameters whose input field has another name, e.g. `{ id: "groupId" }` for /groups/:id. */
  renameParams?: Record<string, string>;
  /**
   * "page": a list in pages (ADR 0014): `limit` and `cursor` come from the query string, the
   * procedure answers one list (under any name) and `nextCursor`, the body is the list and a `Link: <...>; rel="next"` header its
   * next page. "calendar": the procedure answers a calendar file ({ filename, contentType, content }),
   * sent as that type, as a download (issue 15). "pdf": the procedure answers a PDF file ({ filename,
   * contentType, base64 }), sent as its bytes, application/pdf, as a download (issue 42 §2).
   */
  answer?: "page" | "calendar" | "pdf";
}

export interface ProcedureMeta {
  /**
   * Callable without a session. Stamped by the builder (publicProcedure / protectedProcedure in
   * trpc.ts), never written by hand, so what the sweep and the OpenAPI document read is what runs.
   */
  public?: boolean;
  /** For admins only (PRODUCT "Suspension"): stamped by adminProcedure, never written by hand. */
  admin?: boolean;
  rest?: RestMeta;
  /**
   * Input fields that are credentials: a token that opens an account, a group or a feed, a password.
   * Whatever carries them (a REST path parameter of that name, a query parameter, a tRPC GET's
   * `input`), the server's log shows `[redacted]` instead (apps/server/src/plugins/log-redaction.ts,
   * issue 24). A field named like a token or a password must be listed (procedure-meta.test.ts).
   */
  secretInputs?: readonly string[];
}
