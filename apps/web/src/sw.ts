/**
 * The service worker (ADR 0016), built by vite-plugin-pwa's injectManifest strategy: the build fills
 * in `self.__WB_MANIFEST` with the shell and every hashed asset. It caches the app, never its data:
 * requests to the API, tRPC (and its live-update stream) and the dev tools go to the network as if
 * there were no worker. Features of their own are one import each below (e.g. Web Push handlers).
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NOT_APP_PAGES } from "./pwa/server-paths";
import { SKIP_WAITING } from "./pwa/messages";
import { registerPushHandlers } from "./sw/push-handlers";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
// Files of builds before this one.
cleanupOutdatedCaches();

// Any page of the app opens the cached shell, online or not; the server's own pages never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NOT_APP_PAGES }));

// A new version waits until the person chooses "Reload" (src/pwa/register.ts), so a page never runs
// half on the old build and half on the new one.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Web Push (ADR 0017): show each push, open its page on a tap.
registerPushHandlers(self);

// The first install takes over the open page at once, so it works offline after one visit.
clientsClaim();
