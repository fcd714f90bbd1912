import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * Whether the browser says it has a network. TanStack Query keeps its own flag from the same events
 * but starts from "online"; it is told the truth at start so a page opened offline waits for the
 * network (a paused query) instead of failing and reading as "signed out". It listens from here on,
 * not from when React mounts its provider: a network that comes back while the app is still starting
 * would otherwise go unheard, and the paused session query would wait for ever.
 */
export function startOnlineTracking(): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  });
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

/** The id of the offline bar's sentence: what a button that needs the network points to, while offline, as its reason. */
export const OFFLINE_REASON_ID = "offline-reason";

/**
 * What a button that needs the network (create, invite, post, claim...) carries: while offline it is
 * disabled and says why (the offline bar's sentence, and a tooltip), rather than refusing after a tap
 * (ADR 0016). Its own reasons to be disabled and its own description are kept.
 */
export function networkGate(
  online: boolean,
  own: { disabled?: boolean | undefined; describedBy?: string | undefined; title?: string | undefined },
  reason: string,
): { disabled: boolean | undefined; "aria-describedby": string | undefined; title: string | undefined } {
  if (online) return { disabled: own.disabled, "aria-describedby": own.describedBy, title: own.title };
  return {
    disabled: true,
    "aria-describedby": [own.describedBy, OFFLINE_REASON_ID].filter(Boolean).join(" "),
    title: reason,
  };
}
