import { useSyncExternalStore } from "react";

/**
 * Whether a new version of the app is installed and waiting, and how to switch to it. Kept apart from
 * register.ts (which loads workbox-window after the first paint) so the banner costs the first page
 * nothing.
 */
let applyWaitingUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void): void {
  applyWaitingUpdate = apply;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The switch to the waiting version, or null when there is none. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, () => applyWaitingUpdate);
}
