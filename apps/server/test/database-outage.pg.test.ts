import { spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { CapturingTransport } from "@hyn/api/testing";
import { createDb, type DbHandle } from "@hyn/db";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { parseEnv } from "../src/env";

/**
 * Issue 40 §3: logs an operator can read. A database outage is two lines (when it starts, when it
 * ends), not one per poll of every worker; a database that does not exist stops the start with that
 * cause first.
 */
const serverDir = fileURLToPath(new URL("..", import.meta.url));
let database: TestDatabase | undefined;
let handle: DbHandle | undefined;
let app: App | undefined;
let proxy: Awaited<ReturnType<typeof tcpProxy>> | undefined;
afterEach(async () => {
  await app?.server.close();
  await handle?.close();
  await proxy?.close();
  await database?.close();
  [app, handle, proxy, database] = [undefined, undefined, undefined, undefined];
});

/** A TCP proxy to PostgreSQL that can be cut (every connection ended, new ones refused) and opened again. */
async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async cut() {
      await new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
    reopen: () => listen(port),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(resolve);
        else resolve(undefined);
      }),
  };
}

const levelOf = (line: string) => (JSON.parse(line) as { level: number }).level;
const messageOf = (line: string) => (JSON.parse(line) as { msg: string }).msg;

describe.runIf(process.env.TEST_DATABASE_URL)("what an operator reads", () => {
  it("a database outage is one line when it starts and one when it ends, however many workers poll", async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    handle = await createDb({ url: viaProxy.toString() });
    const lines: string[] = [];
    app = await buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        DATABASE_URL: viaProxy.toString(),
        WEB_DIST: "/nonexistent",
      }),
      db: handle,
      transport: new CapturingTransport(),
      logStream: { write: (line) => void lines.push(line) },
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = lines.length;

    await proxy.cut();
    // Long enough for every queue's worker and the outbox to poll several times.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await proxy.reopen();
    await expect
      .poll(() => lines.some((l) => messageOf(l).startsWith("database reachable again")), { timeout: 60_000 })
      .toBe(true);

    const during = lines.slice(before);
    const loud = during.filter((l) => levelOf(l) >= 40).map(messageOf);
    expect(loud, during.filter((l) => levelOf(l) >= 40).join("")).toEqual([
      expect.stringMatching(/^database unreachable: /),
    ]);
    expect(during.filter((l) => messageOf(l).startsWith("database reachable again"))).toHaveLength(1);
  }, 120_000);

  it("a database that does not exist stops the start with that cause in the first line", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/hyn_no_such_database";
    const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: url.toString(), PORT: "0", NODE_ENV: "production", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.split("\n")[0]).toBe('Cannot open the database: database "hyn_no_such_database" does not exist');
  }, 120_000);
});
