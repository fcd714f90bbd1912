import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Loads a part of a screen (its code, its texts) and, when that fails because the browser is offline,
 * waits for the network and tries again instead of failing: a part that first shows while offline (the
 * card menu at a phone's width, the waiting-to-join panel after a live update) then waits under its
 * Suspense fallback, rather than taking the whole page down through the route's error boundary. Online,
 * a failure is a real one and is thrown as before (RouteError says a new version is available).
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await new Promise<void>((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
    }
  }
}

/** React's `lazy` over {@link loadWhenOnline}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own `lazy`
export function lazyWhenOnline<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadWhenOnline(load));
}
