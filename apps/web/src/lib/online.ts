import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether the browser says it has a network. TanStack Query keeps its own flag from the same events
 * but starts from "online"; it is told the truth at start so a page opened offline waits for the
 * network (a paused query) instead of failing and reading as "signed out".
 */
export function startOnlineTracking(): void {
  onlineManager.setOnline(navigator.onLine);
}

const subscribe = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}
