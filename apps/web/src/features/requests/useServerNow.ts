import { useEffect, useState } from "react";
import { nextExpiry, type RequestFacts } from "./request-rules";

/** Re-render at least this often, so "expired" never lags the clock by more. */
const TICK_MS = 30_000;

/**
 * The time as the server sees it (this browser's clock plus `offsetMs`). It moves on every 30 s, and
 * right when the next open request in `lists` reaches its needed-by time, so a request that expires
 * while the page is open shows expired at that moment. `lists` must keep its identity between renders.
 */
export function useServerNow(offsetMs: number, lists: readonly (readonly RequestFacts[])[]): Date {
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    const current = new Date(Date.now() + offsetMs);
    const next = nextExpiry(lists, current);
    // New data judged by an old clock could show a lapsed request as open: catch up at once.
    const behind = current.getTime() - (clientNow + offsetMs) > 1_000;
    // Otherwise a little after the next expiry itself, so the next render's comparison is past it.
    const wait = behind ? 0 : next === null ? TICK_MS : Math.min(TICK_MS, next.getTime() - current.getTime() + 50);
    const timer = window.setTimeout(() => setClientNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [clientNow, lists, offsetMs]);
  return new Date(clientNow + offsetMs);
}
