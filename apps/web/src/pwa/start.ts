/**
 * Registers the service worker once the page has painted and the browser is idle, so neither the
 * worker's first download nor workbox-window competes with the first screen (the initial-JS budget
 * counts only what that screen needs; register.ts is a chunk of its own).
 */
export function registerServiceWorkerAfterFirstPaint(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Safari has no requestIdleCallback.
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(run, { timeout: 5_000 })
      : setTimeout(run, 1_000);
  const register = () =>
    whenIdle(() => void import("./register").then(({ registerServiceWorker }) => registerServiceWorker()));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
