import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/**
 * PostgreSQL only: a finished test's database is emptied back to the fresh clone and handed to the next
 * test (test-database-reset.ts), unless the test changed its structure, which drops it.
 */
const nameOf = (database: TestDatabase) => new URL(database.url!).pathname.slice(1);

/** Every row of every table of the app's schemas, and where each sequence stands. */
async function contents(database: TestDatabase): Promise<string> {
  const sql = postgres(database.url!, { max: 1, onnotice: () => undefined });
  try {
    const tables = await sql<{ name: string; kind: string }[]>`
      SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1`;
    const parts: string[] = [];
    for (const { name, kind } of tables) {
      const [row] = await sql.unsafe<{ rows: string | null }[]>(
        kind === "S"
          ? `SELECT json_build_array(last_value, is_called)::text AS rows FROM ${name}`
          : `SELECT json_agg(t ORDER BY t::text)::text AS rows FROM ${name} t`,
      );
      parts.push(`${name}: ${row?.rows ?? "[]"}`);
    }
    return parts.join("\n");
  } finally {
    await sql.end();
  }
}

async function databaseExists(name: string, by: TestDatabase): Promise<boolean> {
  const rows = await by.handle.postgres!`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  return rows.length === 1;
}

describe("test databases (PostgreSQL)", () => {
  it("hands the next test the same database, back as it was cloned: rows, migrations' rows and sequences", async () => {
    const first = await createTestDatabase();
    const fresh = await contents(first);
    const sql = first.handle.postgres!;
    await sql`INSERT INTO users (email, password_hash, name) VALUES ('reuse@example.com', 'x', 'Reuse')`;
    await sql`INSERT INTO dev_mailbox (recipient, sender, subject, text_body, html_body, links) VALUES ('reuse@example.com', 'app@example.com', 'Hello', 'Hi', '<p>Hi</p>', '[]')`;
    expect(await contents(first)).not.toBe(fresh);
    // A connection the test forgot to end does not keep its database from being reused.
    const forgotten = postgres(first.url!, { max: 1, onnotice: () => undefined });
    const [session] = await forgotten<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const pid = session!.pid;
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(nameOf(second)).toBe(nameOf(first));
      expect(await contents(second)).toBe(fresh);
      expect(await second.handle.postgres!`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`).toHaveLength(0);
    } finally {
      await forgotten.end({ timeout: 0 });
      await second.close();
    }
  });

  it("drops a database whose structure a test changed, and clones a fresh one for the next", async () => {
    const changed = await createTestDatabase();
    await changed.handle.postgres!`CREATE TABLE only_in_this_test (id int)`;
    await changed.close();

    const next = await createTestDatabase();
    try {
      expect(nameOf(next)).not.toBe(nameOf(changed));
      expect(await databaseExists(nameOf(changed), next)).toBe(false);
      const [table] = await next.handle.postgres!`SELECT to_regclass('only_in_this_test') AS found`;
      expect(table!.found).toBeNull();
    } finally {
      await next.close();
    }
  });
});
