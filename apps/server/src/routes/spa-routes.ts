import path from "node:path";

/**
 * The web app's pages with a path parameter (apps/web/src/app/router.tsx), in Fastify syntax. A
 * parameter named like a procedure's secret input (`token`) never reaches the log (log-redaction.ts).
 */
export const PAGE_PATHS_WITH_PARAMS = [
  "/invite/:token",
  "/join/:token",
  "/requests/:id",
  "/unsubscribe/:token",
  "/trips/:id",
] as const;

/**
 * The SPA's routes (apps/web/src/app/router.tsx, PRODUCT "Screens"). Any other page path still gets index.html,
 * so the app can render its 404 screen, but with an honest 404 status.
 */
const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/(login|signup|verify-email|forgot-password|reset-password|groups|profile|invite|feedback|about|admin|trips)\/?$/,
  /^\/auth\/callback\/?$/,
  // The admin's report queue and audit log (issue 29).
  /^\/admin\/(reports|audit)\/?$/,
  ...PAGE_PATHS_WITH_PARAMS.map((page) => new RegExp(`^${page.replace(/:\w+/g, "[^/]+")}\\/?$`)),
];

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTES.some((pattern) => pattern.test(pathname));
}

const SERVER_PATHS = /^\/(api|trpc|dev)(\/|$)/;

/** A page of the app (answered with index.html), as opposed to a server path or a file of the web build. */
export function isPagePath(pathname: string): boolean {
  return !SERVER_PATHS.test(pathname) && !path.extname(pathname);
}

/** A file of the web build (script, style, image), which a page pulls in by the dozen. */
export function isWebFilePath(pathname: string): boolean {
  return !SERVER_PATHS.test(pathname) && !!path.extname(pathname);
}
