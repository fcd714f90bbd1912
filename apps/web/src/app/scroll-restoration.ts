import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType, type Location } from "react-router";

/**
 * A new page opens at its top; back and forward return to where the person was on it. React Router's own
 * ScrollRestoration did this for about 1 KB of the initial JavaScript budget (docs/PERFORMANCE.md).
 */
const positions = new Map<string, number>();
/** The page on screen: one app, one window. */
let shownKey = "";

/**
 * A page opened afresh (typed, reloaded, from an e-mail) has the location key "default", so those are told
 * apart by address: one would otherwise open at another's position.
 */
const positionKey = (location: Location) =>
  location.key === "default" ? location.pathname + location.search : location.key;

export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = positionKey(location);

  useEffect(() => {
    // Saved as the person scrolls: once the next page is in, the old one's height no longer holds its position.
    const remember = () => positions.set(shownKey, window.scrollY);
    window.addEventListener("scroll", remember);
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    shownKey = key;
    // The browser's own restoration would scroll again after ours on back and forward.
    history.scrollRestoration = "manual";
    window.scrollTo(0, (navigationType === "POP" && positions.get(key)) || 0);
  }, [key, navigationType]);
}
