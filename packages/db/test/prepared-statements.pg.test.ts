import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf, users } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/** PostgreSQL only: PGlite has no wire protocol and so nothing to prepare. */
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase({ maxConnections: 1 });
});
afterEach(async () => {
  await database.close();
});

const preparedOnThisConnection = async (executor: { execute: TestDatabase["handle"]["db"]["execute"] }) =>
  rowsOf<{ statement: string }>(await executor.execute(sql`select statement from pg_prepared_statements`)).map(
    (r) => r.statement,
  );

describe("prepared statements (PostgreSQL)", () => {
  it("prepares a query with parameters once per connection and reuses it", async () => {
    const { db } = database.handle;
    const lookUp = (email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await lookUp("a@example.com");
    await lookUp("b@example.com");
    const prepared = (await preparedOnThisConnection(db)).filter((s) => s.includes('from "users"'));
    // One statement for both calls: the second one only bound new values.
    expect(prepared).toHaveLength(1);
  });

  it("prepares inside transactions and savepoints too", async () => {
    await database.handle.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.name, "outer"));
      await tx.transaction(async (savepoint) => {
        await savepoint.select({ id: users.id }).from(users).where(eq(users.phone, "inner"));
      });
      const prepared = await preparedOnThisConnection(tx);
      expect(prepared.some((s) => s.includes('"users"."name" = $1'))).toBe(true);
      expect(prepared.some((s) => s.includes('"users"."phone" = $1'))).toBe(true);
    });
  });
});
