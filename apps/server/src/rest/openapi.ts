import { catalogEntry } from "@hyn/api";
import { z } from "zod";
import { ONE_CLICK_CONTENT_TYPES, ONE_CLICK_UNSUBSCRIBE_ROUTE } from "./one-click-path";
import { PAGE_QUERY, pathParams, type RestRoute } from "./routes";

type JsonSchema = Record<string, unknown>;

/** zod -> JSON Schema (2020-12, which OpenAPI 3.1 uses); dates travel as ISO strings in JSON. */
function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def;
      if (def.type === "date") {
        ctx.jsonSchema.type = "string";
        ctx.jsonSchema.format = "date-time";
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const errorSchema: JsonSchema = {
  type: "object",
  properties: { error: { type: "string", description: "A message safe to show to a person" } },
  required: ["error"],
};

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input (the text says which rule)",
  "401": 'No or bad session: "No authenticated user"',
  "403": "Signed in but not allowed",
  "404": "Not found (or not visible to the caller)",
  "409": "Conflict: wrong state, duplicate, or a limit reached",
  "429": "Rate limited; see the Retry-After header",
  "500": "Something went wrong (never details)",
  "503":
    "The server is overloaded and did not run the call (safe to send again), or the database connection was lost during a change; try again after the Retry-After header",
};

const PAGE_PARAMETER_TEXTS: Record<(typeof PAGE_QUERY)[number], string> = {
  limit:
    "Finished (fulfilled or expired) requests in this page, newest first. The first page also holds every active (open or claimed) request.",
  cursor: "Where the page starts: the value the previous page's Link header gives. Without it, the first page.",
};

/** `?limit=` and `?cursor=` of a paged list, with the schemas the procedure validates them by. */
function pageParameters(input: JsonSchema | undefined) {
  const properties = (input?.properties ?? {}) as Record<string, JsonSchema>;
  return PAGE_QUERY.map((name) => ({
    name,
    in: "query",
    required: false,
    description: PAGE_PARAMETER_TEXTS[name],
    schema: properties[name] ?? { type: "string" },
  }));
}

/** The one list of a page's answer (procedure-meta "page"), whatever it is called beside nextCursor. */
function pageListSchema(output: JsonSchema): JsonSchema | undefined {
  const properties = (output.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).find(([name]) => name !== "nextCursor")?.[1];
}

const LINK_HEADER = {
  description: 'RFC 8288 `<...>; rel="next"`: the next page, present only when there is one.',
  schema: { type: "string" },
};

export const toOpenApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, "{$1}")}`;

/** RFC 8058's one-click POST, outside /api: the URL in an e-mail's List-Unsubscribe header. */
function oneClickOperation() {
  const oneClickBody = {
    type: "object",
    properties: { "List-Unsubscribe": { const: "One-Click" } },
    required: ["List-Unsubscribe"],
  };
  return {
    operationId: "unsubscribe_oneClick",
    tags: ["unsubscribe"],
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "What mail providers send for the List-Unsubscribe URL of a non-essential e-mail: no session, no cookie, no Origin; the signed token is the authority. Turns off exactly what the e-mail was about (a kind's e-mails, or one group's new requests). Twice is harmless; a deleted account's link changes nothing. A GET of the same URL is the web page that explains the link.",
    security: [],
    parameters: [{ name: "token", in: "path", required: true, schema: { type: "string" } }],
    requestBody: {
      required: true,
      content: Object.fromEntries(ONE_CLICK_CONTENT_TYPES.map((type) => [type, { schema: oneClickBody }])),
    },
    responses: {
      "200": {
        description: "Done (or nothing to do): the link's state now",
        content: { "application/json": { schema: toSchema(catalogEntry("unsubscribe.confirm")!.output!, "output") } },
      },
      "400": {
        description: "The link is not valid, or the body is not List-Unsubscribe=One-Click",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
      "429": {
        description: "Too many invalid links from this address; see Retry-After",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
}

/** OpenAPI 3.1 for the REST table, from the very schemas the procedures validate with. */
export function buildOpenApiDocument(routes: RestRoute[], appUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const params = pathParams(route.path);
    const input = route.schemas.input ? toSchema(route.schemas.input, "input") : undefined;
    let body: JsonSchema | undefined;
    if (input && route.method !== "GET" && route.method !== "DELETE") {
      const properties = { ...((input.properties as JsonSchema | undefined) ?? {}) };
      const fromPath = params.map((p) => route.renameParams?.[p] ?? p);
      for (const p of fromPath) delete properties[p];
      if (Object.keys(properties).length > 0) {
        body = {
          ...input,
          properties,
          required: ((input.required as string[] | undefined) ?? []).filter((r) => !fromPath.includes(r)),
        };
      }
    }
    const output = route.schemas.output ? toSchema(route.schemas.output, "output") : { type: "object" };
    const [domain, action] = route.procedure.split(".");
    const operation: Record<string, unknown> = {
      operationId: route.procedure.replace(".", "_"),
      tags: [domain],
      summary: `${action} (${route.procedure})`,
      ...(route.public ? { security: [] } : {}),
      parameters: [
        ...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        ...(route.answer === "page" ? pageParameters(input) : []),
      ],
      ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
      responses: {
        [String(route.successStatus ?? 200)]:
          route.answer === "calendar"
            ? {
                description: "Success: an iCalendar (RFC 5545) file, as a download",
                content: { "text/calendar": { schema: { type: "string" } } },
              }
            : route.answer === "pdf"
              ? {
                  description: "Success: a PDF file, as a download",
                  content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
                }
              : route.answer === "page"
                ? {
                    description: "Success: one page of the list",
                    headers: { Link: LINK_HEADER },
                    content: {
                      "application/json": { schema: pageListSchema(output) },
                    },
                  }
                : { description: "Success", content: { "application/json": { schema: output } } },
        ...(route.pendingStatus
          ? {
              [String(route.pendingStatus)]: {
                description: "Accepted: waiting for the owner's approval",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { pending: { const: true } }, required: ["pending"] },
                  },
                },
              },
            }
          : {}),
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([status, description]) => [
            status,
            { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          ]),
        ),
      },
    };
    (paths[toOpenApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths[ONE_CLICK_UNSUBSCRIBE_ROUTE.replace(/:(\w+)/g, "{$1}")] = { post: oneClickOperation() };
  return {
    openapi: "3.1.0",
    info: {
      title: "Help Your Neighbor API",
      version: "1.0.0",
      description:
        'REST view of the same procedures the web app calls over tRPC. Authenticate with `Authorization: Bearer <session.token>` from sign-up or sign-in (or the session cookie). Errors are `{ "error": "<text>" }`.',
    },
    servers: [{ url: appUrl }],
    security: [{ bearer: [] }, { cookie: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "session.token from /api/auth/signin" },
        cookie: { type: "apiKey", in: "cookie", name: "hyn_session" },
      },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}
