import type { ErrorKey } from "@hyn/validators/messages";

/** The key of a call the server shed as overloaded before running it (ADR 0035): safe to send again. */
const SHED: ErrorKey = "serverBusy";
/** No wait longer than this, whatever Retry-After says: a person is looking at the screen. */
const MAX_WAIT_MS = 5000;

/** Whether a 503's body (tRPC's error, or a batch of them) is the shed one, by key. */
async function isShed(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return (Array.isArray(body) ? body : [body]).some(
      (item) => (item as { error?: { data?: { messageKey?: string } } })?.error?.data?.messageKey === SHED,
    );
  } catch {
    return false;
  }
}

/** Retry-After's seconds (1 when absent), capped, plus up to half again at random so clients spread out. */
export function shedWaitMs(retryAfter: string | null, random: () => number = Math.random): number {
  const seconds = Number(retryAfter);
  const base = Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, MAX_WAIT_MS);
  return Math.round(base * (1 + random() / 2));
}

/**
 * The tRPC link's fetch: a call the server shed (503, messageKey serverBusy, Retry-After) is sent once
 * more after the wait it asks for; any other answer, and the second one, go to the caller as they are.
 */
export function retryingShedCalls(
  send: typeof fetch = (...args) => fetch(...args),
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): typeof fetch {
  return async (input, init) => {
    const response = await send(input, init);
    if (response.status !== 503 || !(await isShed(response))) return response;
    await wait(shedWaitMs(response.headers.get("Retry-After")));
    return send(input, init);
  };
}
