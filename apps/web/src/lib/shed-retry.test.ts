import { describe, expect, it } from "vitest";
import { retryingShedCalls, shedWaitMs } from "./shed-retry";

/** The server's answer to a shed call (apps/server/src/overload.ts): a batch of tRPC errors keyed serverBusy. */
const shed = (retryAfter = "1", key = "serverBusy") =>
  new Response(
    JSON.stringify([{ error: { message: "busy", data: { code: "SERVICE_UNAVAILABLE", messageKey: key } } }]),
    {
      status: 503,
      headers: { "Retry-After": retryAfter, "content-type": "application/json" },
    },
  );
const ok = () => new Response(JSON.stringify([{ result: { data: 1 } }]), { status: 200 });

/** A fetch that gives these answers in turn, and what it was asked; waits are recorded, not waited. */
function server(...answers: Response[]) {
  const calls: RequestInit[] = [];
  const waits: number[] = [];
  const fetch = retryingShedCalls(
    async (_input, init) => {
      calls.push(init ?? {});
      return answers.shift()!;
    },
    async (ms) => void waits.push(ms),
  );
  return { fetch, calls, waits };
}

describe("retryingShedCalls", () => {
  it("sends a shed call once more after Retry-After, and the caller gets the second answer", async () => {
    const { fetch, calls, waits } = server(shed("2"), ok());
    const response = await fetch("/trpc/requests.create", { method: "POST", body: '{"0":{}}' });
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { method: "POST", body: '{"0":{}}' },
      { method: "POST", body: '{"0":{}}' },
    ]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
    expect(waits[0]).toBeLessThanOrEqual(3000);
  });

  it("retries only once: a second shed answer goes to the caller", async () => {
    const { fetch, calls } = server(shed(), shed(), ok());
    expect((await fetch("/trpc/requests.dashboard?batch=1", {})).status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it("never repeats any other failure: a 503 of a lost connection (a change may have been made), a 500, a 429", async () => {
    for (const answer of [
      shed("1", "serviceUnavailable"),
      new Response("{}", { status: 500 }),
      new Response("{}", { status: 429 }),
    ]) {
      const { fetch, calls } = server(answer, ok());
      expect((await fetch("/trpc/x", {})).status).toBe(answer.status);
      expect(calls).toHaveLength(1);
    }
  });
});

describe("shedWaitMs", () => {
  it("waits what Retry-After says plus up to half again, a second without one, five at most", () => {
    expect([shedWaitMs("1", () => 0), shedWaitMs("1", () => 1)]).toEqual([1000, 1500]);
    expect(shedWaitMs(null, () => 0)).toBe(1000);
    expect(shedWaitMs("soon", () => 0)).toBe(1000);
    expect(shedWaitMs("3600", () => 0)).toBe(5000);
  });
});
