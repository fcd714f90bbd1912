import { spawn } from "node:child_process";
import http from "node:http";
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

/** Waits until the server answers `/healthz`, over connections it closes (none stays open to drain). */
async function waitUntilUp(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await call(new http.Agent({ keepAlive: false }), port, "GET", "/healthz").then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The bundled server in a child process on its own database; `log` collects what it writes. */
async function startServerProcess(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "hyn-shutdown-"));
  const database = testDatabaseKind === "postgres" ? await createTestDatabase() : null;
  // The test's own pool must not hold the database the server uses.
  await database?.handle.close();
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      REQUIRE_EMAIL_CONFIRMATION: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = {
    port,
    child,
    log: "",
    exited: new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code))),
    async stop() {
      child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
      if (database) await database.close().catch(() => undefined);
    },
  };
  child.stdout.on("data", (d: Buffer) => (server.log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (server.log += d.toString()));
  return server;
}

/** One call over `agent` (a keep-alive agent with one socket, so calls share a connection). */
function call(agent: http.Agent, port: number, method: string, url: string, body?: unknown) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent,
        headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

describe("graceful shutdown", () => {
  it("finishes a request in flight on SIGTERM, then exits 0", async () => {
    const server = await startServerProcess({ DRAIN_SECONDS: "1" });
    const { port, child, exited } = server;
    try {
      await waitUntilUp(port, 60_000);
      // Where the app is, said once it listens (the README's start command ends with this line).
      await expect.poll(() => server.log).toContain(`Help Your Neighbor is ready at http://localhost:${port}`);
      // Sign-up hashes a password (tens of milliseconds): SIGTERM arrives while it is in flight.
      const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "late@example.com", password: "late-but-served" }),
      });
      const deadline = Date.now() + 10_000;
      while (!server.log.includes('"url":"/api/auth/signup"') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 2));
      child.kill("SIGTERM");
      const signalledAt = Date.now();
      // If the server drops the call instead, the failure says what the server logged meanwhile.
      const response = await inFlight.catch((error: unknown) => {
        throw new Error(`the request in flight failed (${String(error)}); server log:\n${server.log}`);
      });
      expect(response.status).toBe(201);
      expect(await exited).toBe(0);
      // The call's connection stays open after its response (fetch keeps it alive); the server must
      // not wait for its 72 s keep-alive timeout before exiting.
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.log).toContain("shutting down");
      // And no secret made it into the log.
      expect(server.log).not.toContain("late-but-served");
      expect(server.log).not.toMatch(/"token":"[a-z0-9]{20,}"/);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("drains on SIGTERM: not ready, new connections refused, open ones still served and then closed by their peer", async () => {
    const server = await startServerProcess({ DRAIN_SECONDS: "20" });
    const { port, child, exited } = server;
    // Like nginx's upstream pool: kept-alive connections the proxy may reuse at any moment.
    const [first, second] = [
      new http.Agent({ keepAlive: true, maxSockets: 1 }),
      new http.Agent({ keepAlive: true, maxSockets: 1 }),
    ];
    try {
      await waitUntilUp(port, 60_000);
      expect((await call(first, port, "GET", "/readyz")).status).toBe(200);
      expect((await call(second, port, "GET", "/healthz")).status).toBe(200);
      child.kill("SIGTERM");
      // The listener closes in the same tick as this line; on a loaded machine the line can take seconds.
      await expect.poll(() => server.log, { timeout: 30_000, interval: 5 }).toContain("shutting down");

      // A new connection is refused before any byte of a call is sent: a proxy retries it elsewhere.
      await expect(call(new http.Agent(), port, "GET", "/healthz")).rejects.toThrow(/ECONNREFUSED/);
      // Calls the proxy sends on the idle connections it kept are served, a POST too, and each
      // connection is then closed, so it is never used again.
      const readiness = await call(first, port, "GET", "/readyz");
      expect(readiness.status).toBe(503);
      expect(readiness.connection).toBe("close");
      const signUp = await call(second, port, "POST", "/api/auth/signup", {
        email: "draining@example.com",
        password: "served-while-draining",
      }).catch((error: unknown) => {
        throw new Error(`${String(error)}; server log:\n${server.log}`);
      });
      expect(signUp.status).toBe(201);
      expect(signUp.connection).toBe("close");
      // With no connection left, it exits at once rather than at the end of DRAIN_SECONDS.
      const lastCallAt = Date.now();
      expect(await exited).toBe(0);
      expect(Date.now() - lastCallAt).toBeLessThan(10_000);
    } finally {
      first.destroy();
      second.destroy();
      await server.stop();
    }
  }, 90_000);
});
