import { useEffect, useState } from "react";

/** Whole seconds left until a moment set with `start(seconds)`, ticking once a second; 0 when passed. */
export function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  function start(seconds: number) {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }
  return [secondsLeft, start];
}
