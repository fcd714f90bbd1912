import { useEffect } from "react";

/** Each screen names itself in the tab and for screen readers announcing navigation. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Help Your Neighbor`;
  }, [title]);
}
