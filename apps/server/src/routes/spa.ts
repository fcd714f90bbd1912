import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../client-errors";
import { readSpaPreloads } from "./spa-preloads";
import { isPagePath, isSpaRoute } from "./spa-routes";

/**
 * The web build: its files, and index.html for any other page route (HEAD answered as GET; 404 status
 * for a path no screen has). Registered last: it answers whatever no route before it did.
 */
export async function registerSpa(server: FastifyInstance, options: { webDist: string }): Promise<void> {
  const { webDist } = options;
  const hasSpa = existsSync(path.join(webDist, "index.html"));
  const assetsDir = path.join(path.resolve(webDist), "assets") + path.sep;
  const indexHtml = path.join(path.resolve(webDist), "index.html");
  // The service worker (ADR 0016) must be revalidated on every visit, or a new version goes unseen.
  const serviceWorker = path.join(path.resolve(webDist), "sw.js");
  const preloadsOf = hasSpa ? readSpaPreloads(webDist) : () => undefined;
  if (hasSpa) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: "1h",
      immutable: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names these by content hash: a new build gets new names, so a year without revalidation is safe.
        if (filePath.startsWith(assetsDir)) void reply.header("Cache-Control", "public, max-age=31536000, immutable");
        // index.html names the current build's assets: always revalidated. Set here, since the file's
        // own headers (maxAge above) would replace one set on the reply before sendFile.
        else if (filePath.startsWith(indexHtml) || filePath === serviceWorker)
          void reply.header("Cache-Control", "no-cache");
      },
    });
  }
  server.setNotFoundHandler(async (request, reply) => {
    // HEAD as GET (uptime monitors use it); Node leaves out the body.
    const pathname = request.url.split("?")[0]!;
    const isPage = (request.method === "GET" || request.method === "HEAD") && isPagePath(pathname);
    if (isPage && hasSpa) {
      const preloads = preloadsOf(pathname);
      if (preloads) void reply.header("Link", preloads);
      return reply.code(isSpaRoute(pathname) ? 200 : 404).sendFile("index.html");
    }
    return reply.code(404).send(errorBody(request, "notFound"));
  });
}
