import { createDb, runMigrations } from "@hyn/db";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { createTestApp, type TestApp } from "./test-app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe("GET /readyz", () => {
  it("answers 503 on a database without the schema, and 200 once it is migrated", async () => {
    const empty = await createDb();
    const server = (
      await buildApp({
        env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" }),
        db: empty,
        startWorkers: false,
      })
    ).server;
    try {
      const before = await server.inject({ method: "GET", url: "/readyz" });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^Database schema is behind: \d+ migration\(s\) not applied$/),
      });

      await runMigrations(empty);
      const after = await server.inject({ method: "GET", url: "/readyz" });
      expect([after.statusCode, after.json()]).toEqual([200, { ok: true, database: "pglite" }]);
    } finally {
      await server.close();
      await empty.close();
    }
  });

  it("answers 503 when the database lacks the newest committed migration", async () => {
    app = await createTestApp();
    expect((await app.server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await app.server.inject({ method: "GET", url: "/readyz" });
    expect([behind.statusCode, behind.json().error]).toEqual([
      503,
      "Database schema is behind: 1 migration(s) not applied",
    ]);
  });
});

describe("GET /readyz on a damaged database", () => {
  it("answers 503 naming the table when one of the app's tables is gone, and 200 once it is back", async () => {
    app = await createTestApp();
    expect((await app.server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await app.db.execute(sql`alter table feedback rename to feedback_gone`);
    const damaged = await app.server.inject({ method: "GET", url: "/readyz" });
    expect([damaged.statusCode, damaged.json()]).toEqual([
      503,
      { ok: false, database: expect.any(String), error: "Database is missing 1 table(s): feedback" },
    ]);
    await app.db.execute(sql`alter table feedback_gone rename to feedback`);
    expect((await app.server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("answers 503 when the public schema has been dropped, though the migration journal says every migration ran", async () => {
    app = await createTestApp();
    await app.db.execute(sql`drop schema public cascade`);
    const dropped = await app.server.inject({ method: "GET", url: "/readyz" });
    expect(dropped.statusCode).toBe(503);
    expect(dropped.json().error).toMatch(/^Database is missing \d+ table\(s\): users, sessions, /);
  });
});
