import { silentLogger } from "@hyn/core";
import { emailOutbox } from "@hyn/db";
import { afterEach, describe, expect, it } from "vitest";
import { startJobEngine, type JobEngine } from "../src/jobs/engine";
import { createTestApp, type TestApp } from "./test-app";

/** Issue 40 §3: GET /metrics, Prometheus's text format, behind METRICS_TOKEN. */
const TOKEN = "scrape-me-please-0123456789";
let app: TestApp | undefined;
let engine: JobEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  await app?.close();
  app = undefined;
});

const scrape = (authorization?: string) =>
  app!.server.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split("\n").find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(" ").at(-1));
}

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    app = await createTestApp();
    expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it("answers 401 without the token or with another, and the metrics with it", async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Bearer "]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers["www-authenticate"]).toBe("Bearer");
      expect(refused.body).not.toContain("process_resident_memory_bytes");
    }
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(answer.body).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
  });

  it("times answers by route pattern and status, never by the address (which may hold a token)", async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
    const secret = "tok3n-that-must-not-leak";
    await app.server.inject({ method: "POST", url: `/unsubscribe/${secret}` });
    await app.server.inject({ method: "GET", url: "/healthz" });
    await app.server.inject({ method: "GET", url: "/healthz" });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).not.toContain(secret);
    expect(
      sample(text, /^http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\}/),
    ).toBe(2);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/unsubscribe\/:token",status_code="\d{3}"\} 1$/m,
    );
  });

  it("counts e-mails waiting in the outbox and jobs due per queue", async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
    await app.db.insert(emailOutbox).values(
      ["a", "b"].map((who) => ({
        emailType: "invitation",
        toAddress: `${who}@example.com`,
        subject: "s",
        textBody: "t",
        htmlBody: "h",
      })),
    );
    let text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, /^hyn_outbox_pending /)).toBe(2);
    expect(text).not.toMatch(/^hyn_jobs_waiting\{/m);
    expect(text).toMatch(/^# TYPE hyn_push_deliveries_failed_total counter$/m);

    // A worker held busy by its first job (a queued job wakes it at once, ADR 0017): the next two wait.
    engine = await startJobEngine(app.dbHandle, silentLogger, { pollingIntervalSeconds: 60 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    await engine.define("metrics-probe", async () => {
      started();
      await held;
    });
    try {
      await engine.send("metrics-probe", { n: 1 });
      await running;
      await engine.send("metrics-probe", { n: 2 });
      await engine.send("metrics-probe", { n: 3 });
      text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(text, /^hyn_jobs_waiting\{queue="metrics-probe"\}/)).toBe(2);
    } finally {
      release();
    }
  });
});
