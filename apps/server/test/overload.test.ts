import { messages } from "@hyn/validators";
import { afterEach, describe, expect, it, vi } from "vitest";
import { poolAnswersWithin } from "../src/overload";
import { batchUrl, bearerFor, createTestApp, DASHBOARD_URL, type TestApp } from "./test-app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Keeps the event loop busy for `ms`: what a process starved of CPU looks like to its own timers. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spinning, as the CPU hog beside a busy server does
  }
}

/**
 * A lagging event loop, as measured over the next sample (a mean over a second; the test's threshold is
 * 100 ms, far above what a busy test machine's loop lags on its own): the loop is blocked until it is.
 */
async function overloaded(test: TestApp) {
  await vi.waitFor(
    () => {
      if (!test.server.isUnderPressure()) blockEventLoop(1500);
      expect(test.server.isUnderPressure()).toBe(true);
    },
    { timeout: 8000, interval: 50 },
  );
}

describe("overload (issue 44, ADR 0035)", () => {
  it("sheds tRPC and REST calls with 503 and Retry-After in each one's error contract, and answers again once the pressure is gone", async () => {
    app = await createTestApp({
      REQUIRE_EMAIL_CONFIRMATION: "false",
      OVERLOAD_EVENT_LOOP_DELAY_MS: "100",
      OVERLOAD_POOL_WAIT_MS: "0",
    });
    const { headers } = await bearerFor(app, "ola@example.com");
    const german = { ...headers, "accept-language": "de" };
    await overloaded(app);
    const [batch, mutation, rest, restGerman, health, ready] = await Promise.all([
      app.server.inject({
        method: "GET",
        url: batchUrl([{ path: "requests.dashboard" }, { path: "user.me" }]),
        headers,
      }),
      app.server.inject({
        method: "POST",
        url: "/trpc/groups.create",
        headers,
        payload: { json: { name: "Shed" } },
      }),
      app.server.inject({ method: "GET", url: "/api/user/current", headers }),
      app.server.inject({ method: "GET", url: "/api/user/current", headers: german }),
      app.server.inject({ method: "GET", url: "/healthz" }),
      app.server.inject({ method: "GET", url: "/readyz" }),
    ]);
    const shedError = (path: string, type = "query") => ({
      error: {
        message: messages.serverBusy,
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, path, messageKey: "serverBusy" },
      },
      type,
    });
    expect([batch.statusCode, batch.headers["retry-after"]]).toEqual([503, "1"]);
    expect(batch.json()).toMatchObject([
      { error: shedError("requests.dashboard").error },
      { error: shedError("user.me").error },
    ]);
    expect([mutation.statusCode, mutation.headers["retry-after"]]).toEqual([503, "1"]);
    expect(mutation.json()).toMatchObject({ error: shedError("groups.create").error });
    expect([rest.statusCode, rest.headers["retry-after"], rest.json()]).toEqual([
      503,
      "1",
      { error: messages.serverBusy },
    ]);
    expect(restGerman.json()).toEqual({
      error: "Der Dienst ist gerade ausgelastet. Bitte versuche es gleich noch einmal.",
    });
    // The process lives (a restart would lose its work); it is not ready for more calls.
    expect([health.statusCode, health.json()]).toEqual([200, { ok: true }]);
    expect([ready.statusCode, ready.headers["retry-after"], ready.json()]).toEqual([
      503,
      "1",
      { ok: false, overloaded: true },
    ]);
    // Nothing shed ran: the group was not made.
    await vi.waitFor(() => expect(app!.server.isUnderPressure()).toBe(false), { timeout: 5000, interval: 100 });
    const after = await app.server.inject({ method: "GET", url: DASHBOARD_URL, headers });
    expect(after.statusCode).toBe(200);
    const groups = await app.server.inject({ method: "GET", url: batchUrl([{ path: "groups.list" }]), headers });
    expect(groups.json()[0].result.data).toEqual([]);
  });

  it("sheds nothing with both measures off", async () => {
    app = await createTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: "0", OVERLOAD_POOL_WAIT_MS: "0" });
    blockEventLoop(1200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(app.server.isUnderPressure()).toBe(false);
    expect((await app.server.inject({ method: "GET", url: "/api/user/current" })).statusCode).toBe(401);
  });
});

describe("the pool's probe", () => {
  it("is late when the pool does not answer within the limit, and in time when it does", async () => {
    expect(await poolAnswersWithin(() => new Promise(() => undefined), 20)).toBe(false);
    expect(await poolAnswersWithin(() => Promise.resolve(1), 20)).toBe(true);
    expect(await poolAnswersWithin(() => Promise.reject(new Error("gone")), 20)).toBe(false);
  });
});
