import { Workbox } from "workbox-window";
import { offerUpdate } from "./update-state";

/**
 * Registers the service worker (src/sw.ts). A new version installs in the background and waits; the
 * page offers "New version available - Reload", which lets it take over and reloads into it.
 */
export function registerServiceWorker(): void {
  const workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => {
    offerUpdate(() => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // Where a browser refuses service workers (a policy, some private modes, automation that blocks them)
  // registration fails; the app then works as a plain web page, without offline start or update offers.
  const registering = workbox.register().then(
    (registration) => registration !== undefined,
    () => false,
  );
  // A tab left open for days still hears of a new version when it is looked at again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    void registering.then((registered) => (registered ? workbox.update() : undefined)).catch(() => undefined);
  });
}
