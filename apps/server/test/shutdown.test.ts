import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, testDatabaseKind } from "@hyn/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleServer } from "../scripts/bundle.mjs";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
// The server as production runs it (ADR 0007): plain node on the bundle, built here because the tests
// run before `pnpm build`. Inside apps/server, so the bundle finds argon2 and PGlite in its node_modules;
// one folder per run and project, since the pglite and postgres projects run this file side by side.
const buildDir = path.join(serverDir, ".test-build", `${process.pid}-${testDatabaseKind}`);
const bundle = path.join(buildDir, "server.mjs");

beforeAll(async () => {
  await bundleServer({ entry: path.join(serverDir, "src/index.ts"), outfile: bundle });
}, 60_000);
afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
});

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("graceful shutdown", () => {
  it("finishes a request in flight on SIGTERM, then exits 0", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "hyn-shutdown-"));
    const database = testDatabaseKind === "postgres" ? await createTestDatabase() : null;
    // The test's own pool must not hold the database the server uses.
    await database?.handle.close();
    const port = 3900 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, [bundle], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", LOG_LEVEL: "info", NODE_ENV: "test", REQUIRE_EMAIL_CONFIRMATION: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr.on("data", (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await waitFor(`http://127.0.0.1:${port}/healthz`, 60_000);
      // Sign-up hashes a password (tens of milliseconds): SIGTERM arrives while it is in flight.
      const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "late@example.com", password: "late-but-served" }),
      });
      const deadline = Date.now() + 10_000;
      while (!log.includes('"url":"/api/auth/signup"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      child.kill("SIGTERM");
      const signalledAt = Date.now();
      // If the server drops the call instead, the failure says what the server logged meanwhile.
      const response = await inFlight.catch((error: unknown) => {
        throw new Error(`the request in flight failed (${String(error)}); server log:\n${log}`);
      });
      expect(response.status).toBe(201);
      expect(await exited).toBe(0);
      // The call's connection stays open after its response (fetch keeps it alive); the server must
      // not wait for its 72 s keep-alive timeout before exiting.
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(log).toContain("shutting down");
      // And no secret made it into the log.
      expect(log).not.toContain("late-but-served");
      expect(log).not.toMatch(/"token":"[a-z0-9]{20,}"/);
    } finally {
      child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
      if (database) await database.close().catch(() => undefined);
    }
  }, 90_000);
});
