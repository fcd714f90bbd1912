import { createCaller, createContextInner, publicMessage } from "@hyn/api";
import type { CalendarFile, Services } from "@hyn/core";
import { isAppError } from "@hyn/core";
import { DEFAULT_LOCALE, type Locale, type PdfFile } from "@hyn/validators";
import { serverErrorText } from "@hyn/i18n/server";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply } from "fastify";
import { localeOfRequest } from "../client-errors";
import { sessionOfRequest } from "../plugins/session";
import { sessionCookieFor } from "../plugins/session-token";
import { DOCS_CSS, renderDocsPage } from "./docs-page";
import { buildOpenApiDocument } from "./openapi";
import { inputOfRequest, restRoutes } from "./routes";

type Procedure = (input?: unknown) => Promise<unknown>;

function procedureOf(caller: unknown, path: string): Procedure {
  let target = caller as Record<string, unknown>;
  for (const key of path.split(".")) target = target[key] as Record<string, unknown>;
  return target as unknown as Procedure;
}

/**
 * The one TRPCError -> HTTP status mapping for REST; the body is always { error: <spec text> }, in
 * `locale` (the request's Accept-Language; English, the spec's text, when it names none).
 */
export function restErrorOf(
  error: unknown,
  locale: Locale = DEFAULT_LOCALE,
): { status: number; message: string; retryAfter?: number } {
  if (!(error instanceof TRPCError)) return { status: 500, message: serverErrorText({ key: "internal" }, locale) };
  const status = getHTTPStatusCodeFromError(error);
  const retryAfter = isAppError(error.cause)
    ? (error.cause.details?.retryAfterSeconds as number | undefined)
    : undefined;
  return { status, message: publicMessage(error, locale), ...(retryAfter ? { retryAfter } : {}) };
}

/** RFC 8288: the same list, from `cursor` on, as a reference relative to this server. */
/** A page's answer (procedure-meta "page"): its one list, under whatever name, and where the next page starts. */
type Page = { nextCursor: string | null } & Record<string, unknown>;

export function nextPageLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, "http://server.invalid");
  url.searchParams.set("cursor", cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/**
 * Content-Disposition for a download (RFC 6266): a name beyond plain ASCII goes in `filename*` (RFC 8187),
 * which browsers prefer, with an ASCII stand-in in `filename` for the rest.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  if (ascii === filename) return `attachment; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A calendar file as a download; never cached by anyone else, as its address may be a credential. */
function sendCalendarFile(reply: FastifyReply, file: CalendarFile) {
  return reply
    .type(file.contentType)
    .header("Content-Disposition", attachmentDisposition(file.filename))
    .header("Cache-Control", "private, no-cache")
    .send(file.content);
}

/** A PDF (a group's notice-board sheet) as a download: its bytes, kept out of shared caches as it names people. */
function sendPdfFile(reply: FastifyReply, file: PdfFile) {
  return reply
    .type(file.contentType)
    .header("Content-Disposition", attachmentDisposition(file.filename))
    .header("Cache-Control", "private, no-cache")
    .send(Buffer.from(file.base64, "base64"));
}

export async function registerRestRoutes(
  app: FastifyInstance,
  options: { services: Services; secureCookies: boolean; appUrl: string; checkAnswers: boolean },
) {
  const document = buildOpenApiDocument(restRoutes, options.appUrl);
  const docsPage = renderDocsPage(document);
  app.get("/openapi.json", async () => document);
  app.get("/docs", async (_request, reply) => reply.type("text/html").send(docsPage));
  app.get("/docs.css", async (_request, reply) =>
    reply.type("text/css").header("Cache-Control", "public, max-age=3600").send(DOCS_CSS),
  );

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const locale = localeOfRequest(request);
        try {
          const session = await sessionOfRequest(options.services, request);
          const ctx = createContextInner({
            services: options.services,
            session,
            sessionCookie: sessionCookieFor(reply, options.secureCookies),
            ip: request.ip,
            locale,
            checkAnswers: options.checkAnswers,
          });
          const result = await procedureOf(createCaller(ctx), route.procedure)(inputOfRequest(route, request));
          if (route.answer === "calendar") return sendCalendarFile(reply, result as CalendarFile);
          if (route.answer === "pdf") return sendPdfFile(reply, result as PdfFile);
          if (route.answer === "page") {
            const { nextCursor, ...list } = result as Page;
            if (nextCursor) void reply.header("Link", nextPageLink(request.url, nextCursor));
            return reply.code(route.successStatus ?? 200).send(Object.values(list)[0]);
          }
          const pending = route.pendingStatus && (result as { pending?: unknown } | null)?.pending === true;
          return reply.code(pending ? route.pendingStatus! : (route.successStatus ?? 200)).send(result ?? { ok: true });
        } catch (error) {
          const { status, message, retryAfter } = restErrorOf(error, locale);
          if (status >= 500) request.log.error({ err: error }, "REST call failed");
          if (retryAfter) void reply.header("Retry-After", String(retryAfter));
          return reply.code(status).send({ error: message });
        }
      },
    });
  }
}
