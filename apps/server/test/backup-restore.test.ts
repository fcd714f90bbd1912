import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BACKUP_HAND_OFF_FILE, createDb, readBackupHandOff, rowsOf, type DbHandle } from "@hyn/db";
import { testDatabaseKind } from "@hyn/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleCommands, bundleServer } from "../scripts/bundle.mjs";

/**
 * Issue 40 §3: `backup` while the app serves writes, `restore` into an empty target, on the configured
 * database (the PostgreSQL project: pg_dump; the PGlite project: the copy the running server takes).
 * The commands run as production runs them: bundled (dist/cli), on plain node.
 */
const serverDir = fileURLToPath(new URL("..", import.meta.url));
// Inside apps/server, so the bundles find PGlite and argon2 in its node_modules; one folder per run and project.
const buildDir = path.join(serverDir, ".test-build", `${process.pid}-${testDatabaseKind}-cli`);
const adminUrl = process.env.TEST_DATABASE_URL;
const scratch: string[] = [];
const databases: string[] = [];

beforeAll(async () => {
  await bundleCommands({ sourceDir: path.join(serverDir, "src/cli"), outdir: buildDir });
  await bundleServer({ entry: path.join(serverDir, "src/index.ts"), outfile: path.join(buildDir, "server.mjs") });
}, 180_000);
afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  if (adminUrl && databases.length > 0) {
    const admin = await createDb({ url: adminUrl, maxConnections: 1 });
    for (const name of databases) await admin.postgres!.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
});

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "hyn-backup-"));
  scratch.push(dir);
  return dir;
}

/** A database target: a new empty PostgreSQL database, or a data directory that does not exist yet. */
async function emptyTarget(): Promise<{ DATABASE_URL: string; DATA_DIR: string }> {
  if (testDatabaseKind === "pglite") return { DATABASE_URL: "", DATA_DIR: path.join(await scratchDir(), "data") };
  const name = `hyn_backup_${process.pid}_${databases.length}_${Date.now().toString(36)}`;
  const admin = await createDb({ url: adminUrl!, maxConnections: 1 });
  await admin.postgres!.unsafe(`CREATE DATABASE ${name}`);
  await admin.close();
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: path.join(await scratchDir(), "unused") };
}

/** An operator's command, bundled, in its own process with the service's configuration. */
function command(name: string, args: string[], target: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(buildDir, `${name}.mjs`), ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...target },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on `target`; resolves with its address once it answers (and stops it if it never does). */
async function startServer(target: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(buildDir, "server.mjs")], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...target,
      PORT: String(port),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      REQUIRE_EMAIL_CONFIRMATION: "false",
      RATE_LIMIT_MULTIPLIER: "1000",
      WEB_DIST: "/nonexistent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; ;) {
    const up = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, child };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopServer(child);
      throw new Error(`the server did not come up:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function openTarget(target: { DATABASE_URL: string; DATA_DIR: string }): Promise<DbHandle> {
  return createDb(target.DATABASE_URL ? { url: target.DATABASE_URL, maxConnections: 1 } : { dataDir: target.DATA_DIR });
}

/** Every row of every table (the app's, drizzle's and the job engine's), as text, table by table. */
async function everyRow(handle: DbHandle): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await handle.db.execute(sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
      from information_schema.tables where table_type = 'BASE TABLE'
      and table_schema not in ('pg_catalog', 'information_schema') order by 1`),
  );
  const contents: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await handle.db.execute(sql.raw(`select to_jsonb(t)::text as row from ${name} t`)),
    );
    contents[name] = rows.map((r) => r.row).sort();
  }
  return contents;
}

async function signedUpEmails(handle: DbHandle): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(await handle.db.execute(sql`select email from users order by email`));
  return rows.map((r) => r.email);
}

const emailOf = (i: number) => `w${String(i).padStart(4, "0")}@example.com`;

describe(`backup and restore on ${testDatabaseKind === "postgres" ? "PostgreSQL" : "PGlite"}`, () => {
  it("backs up while sign-ups are written, restores a consistent copy into an empty target, and refuses a non-empty one", async () => {
    const source = await emptyTarget();
    const server = await startServer(source);
    let signedUp = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        const response = await fetch(`${server.origin}/api/auth/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: emailOf(signedUp), password: "a-good-secret-1", name: "W" }),
        });
        // A server too busy to answer in time (a loaded machine, the embedded database paused by the
        // backup) sheds the call with 503 and Retry-After, and the app's client sends it again: so do we.
        if (response.status === 503 && response.headers.has("retry-after")) {
          await response.body?.cancel();
          await new Promise((r) => setTimeout(r, Number(response.headers.get("retry-after")) * 1000));
          continue;
        }
        expect(response.status, await response.text()).toBe(201);
        signedUp++;
      }
    })();
    try {
      while (signedUp < 3) await new Promise((r) => setTimeout(r, 20));
      if (testDatabaseKind === "pglite")
        expect(existsSync(path.join(source.DATA_DIR, BACKUP_HAND_OFF_FILE))).toBe(true);
      const file = path.join(await scratchDir(), "during-writes.backup");
      const before = signedUp;
      const backup = await command("backup", [file], source);
      const after = signedUp;
      expect(backup, backup.stderr).toMatchObject({ code: 0 });
      expect(backup.stdout).toContain("keep it like a password");
      writing = false;
      await writes;

      const copy = await emptyTarget();
      const restored = await command("restore", [file], copy);
      expect(restored, restored.stderr).toMatchObject({ code: 0 });
      const copyDb = await openTarget(copy);
      try {
        // One point in time: the sign-ups up to some moment during the backup, each with its session.
        const emails = await signedUpEmails(copyDb);
        expect(emails.length).toBeGreaterThanOrEqual(before);
        expect(emails.length).toBeLessThanOrEqual(after + 1);
        expect(emails).toEqual(Array.from({ length: emails.length }, (_, i) => emailOf(i)));
        const orphans = rowsOf<{ n: number }>(
          await copyDb.db.execute(
            sql`select count(*)::int as n from users u where not exists (select 1 from sessions s where s.user_id = u.id)`,
          ),
        );
        expect(orphans[0]!.n).toBe(0);
      } finally {
        await copyDb.close();
      }

      // The same target again: refused, and left as it was.
      const again = await command("restore", [file], copy);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^Not restored: .* not empty/);

      // Once quiet (the server stopped, so the embedded database is copied by the command itself), every row equal.
      await stopServer(server.child);
      const quiet = path.join(await scratchDir(), "quiet.backup");
      expect((await command("backup", [quiet], source)).code).toBe(0);
      const second = await emptyTarget();
      expect((await command("restore", [quiet], second)).code).toBe(0);
      const [sourceDb, secondDb] = [await openTarget(source), await openTarget(second)];
      try {
        const [original, copied] = [await everyRow(sourceDb), await everyRow(secondDb)];
        expect(Object.keys(copied)).toEqual(Object.keys(original));
        expect(copied).toEqual(original);
        expect((await signedUpEmails(secondDb)).length).toBe(signedUp);
      } finally {
        await sourceDb.close();
        await secondDb.close();
      }
      // Restored secrets are the original's: sessions, VAPID keys and signing keys keep working.
      if (testDatabaseKind === "pglite") {
        const file = await readFile(quiet);
        expect(file.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
        expect(readBackupHandOff(second.DATA_DIR)).toBeNull();
      }
    } finally {
      writing = false;
      await writes.catch(() => undefined);
      if (server.child.exitCode === null) await stopServer(server.child);
    }
  }, 400_000);

  it.runIf(testDatabaseKind === "postgres")(
    "names the client programs to install when pg_dump is missing, and leaves no file",
    async () => {
      const source = await emptyTarget();
      const file = path.join(await scratchDir(), "never.backup");
      const result = await command("backup", [file], { ...source, PATH: "/nonexistent" });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^pg_dump was not found: install PostgreSQL \d+'s client programs \(Debian: apt install postgresql-client-\d+\)/,
      );
      expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
    },
    60_000,
  );

  it("a command with no configured database says so in one line and stops, creating nothing", async () => {
    const cwd = await scratchDir();
    for (const name of ["admin-grant", "backup"]) {
      const child = spawn(process.execPath, [path.join(buildDir, `${name}.mjs`), "x@example.com"], {
        cwd,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise((resolve) => child.on("exit", resolve));
      expect(code).toBe(2);
      expect(stderr).toBe(
        `No database configured: DATABASE_URL is not set and DATA_DIR (${path.join(cwd, ".data")}) holds no database. Run it with the service's settings (--env-file FILE).\n`,
      );
      expect(existsSync(path.join(cwd, ".data"))).toBe(false);
    }
    const restore = await command("restore", ["/nonexistent.backup"], {});
    expect([restore.code, restore.stderr]).toEqual([
      2,
      "No database configured: set DATABASE_URL, or DATA_DIR for the embedded database (or pass the service's --env-file FILE).\n",
    ]);
  }, 60_000);
});
