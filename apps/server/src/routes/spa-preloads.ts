import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The web build's route-preloads.json (apps/web/vite.config.ts): for the pages people open first, the
 * stylesheet of the first paint and the files of their screen, which the browser would otherwise
 * discover only after the entry script has run. As a Link header on the page's index.html they are
 * requested before the HTML is even parsed, and download alongside the entry.
 * Returns a lookup from a page's pathname to that header; an older build without the file gives none.
 */
export function readSpaPreloads(webDist: string): (pathname: string) => string | undefined {
  const file = path.join(webDist, "route-preloads.json");
  if (!existsSync(file)) return () => undefined;
  const headers = new Map(
    Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>).map(([page, files]) => [
      page,
      preloadLinkHeader(files),
    ]),
  );
  return (pathname) => headers.get(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
}

/** Modules as modulepreload, styles as preload; `crossorigin` as Vite's own loader asks for them, so they are reused. */
export function preloadLinkHeader(files: string[]): string {
  return files
    .map((file) =>
      file.endsWith(".css")
        ? `<${file}>; rel=preload; as=style; crossorigin`
        : `<${file}>; rel=modulepreload; crossorigin`,
    )
    .join(", ");
}
