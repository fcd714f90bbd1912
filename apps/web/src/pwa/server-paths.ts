/**
 * Paths the server answers itself: the service worker never answers a navigation to them with the
 * app's shell (src/sw.ts), so /api/docs, the dev mailbox, health checks, one-click unsubscribe
 * and tRPC (with its live-update stream) always reach the server.
 */
export const NOT_APP_PAGES: RegExp[] = [/^\/(api|trpc|dev|healthz|readyz|unsubscribe)(\/|$|\?)/];
