import { useEffect, useState } from "react";

/** False until `ms` after the component mounted, then true. */
export function useTimeoutPassed(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPassed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return passed;
}
