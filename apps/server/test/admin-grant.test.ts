import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, runMigrations, users } from "@hyn/db";
import { testDatabaseKind } from "@hyn/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
let dataDir: string;

/** A command as a person runs it: its own process, on the embedded database's directory. */
function run(script: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development", PORT: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "hyn-admin-grant-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// Only about the embedded database: the postgres project would run the same thing again.
describe.skipIf(testDatabaseKind === "postgres")("admin:grant on the embedded database", () => {
  it("refuses (as a second server does) while the server holds the data directory, and grants once it has stopped", async () => {
    // This process plays the running server.
    const server = await createDb({ dataDir });
    await runMigrations(server);
    await server.db.insert(users).values({ email: "ada@example.com", passwordHash: "x" });

    const refused = await run("src/cli/admin-grant.ts", "ada@example.com");
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).not.toContain("is now an admin");
    expect(refused.stderr).toContain(
      "The server is running on this data directory; stop it first, or use ADMIN_EMAILS",
    );
    const secondServer = await run("src/index.ts");
    expect(secondServer.code).toBe(1);
    expect(secondServer.stderr).toContain(`is open in process ${process.pid}: stop that server first`);
    const [stillMember] = await server.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, "ada@example.com"));
    expect(stillMember?.isAdmin).toBe(false);
    await server.close();

    const granted = await run("src/cli/admin-grant.ts", "ada@example.com");
    expect(granted).toMatchObject({ code: 0, stdout: "ada@example.com is now an admin.\n" });
    const reopened = await createDb({ dataDir });
    const [admin] = await reopened.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, "ada@example.com"));
    await reopened.close();
    expect(admin?.isAdmin).toBe(true);
  }, 120_000);
});
