/** The message a page posts to a waiting service worker to make it take over (workbox-window's format). */
export const SKIP_WAITING = "SKIP_WAITING";
