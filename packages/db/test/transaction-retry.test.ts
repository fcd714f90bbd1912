import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAbortedForAnother, rowsOf, TRANSACTION_ATTEMPTS, type Database, type Transaction } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/**
 * Issue 38: a transaction PostgreSQL rolls back as a deadlock's victim (40P01) or a serialization failure
 * (40001) runs again; nothing else does. The errors are raised by the database itself, so they reach the
 * helper as each driver (PGlite, postgres.js) and drizzle wrap them.
 */
let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 2 });
  db = database.handle.db;
  await db.execute(sql`create table tries (attempt int not null)`);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await db.execute(sql`delete from tries`);
});

/** The database refuses with this SQLSTATE, as it does for a real deadlock or serialization failure. */
const refuseWith = (tx: Transaction, sqlState: string) =>
  tx.execute(sql.raw(`do $$ begin raise exception 'refused' using errcode = '${sqlState}'; end $$`));

/** A transaction that writes its try's number and then, on the tries in `failing`, is refused with `sqlState`. */
function attempts(sqlState: string, failing: (attempt: number) => boolean) {
  let count = 0;
  const run = () =>
    db.transaction(async (tx) => {
      const attempt = ++count;
      await tx.execute(sql`insert into tries (attempt) values (${attempt})`);
      if (failing(attempt)) await refuseWith(tx, sqlState);
      return `done on try ${attempt}`;
    });
  return { run, count: () => count };
}

const written = async () =>
  rowsOf<{ attempt: number }>(await db.execute(sql`select attempt from tries order by attempt`)).map((r) => r.attempt);

describe("transactions rolled back for another (issue 38)", () => {
  for (const [sqlState, what] of [
    ["40P01", "a deadlock's victim"],
    ["40001", "a serialization failure"],
  ] as const) {
    it(`runs ${what} (${sqlState}) again, and only the try that committed leaves its writes`, async () => {
      const transaction = attempts(sqlState, (attempt) => attempt === 1);
      await expect(transaction.run()).resolves.toBe("done on try 2");
      expect(transaction.count()).toBe(2);
      expect(await written()).toEqual([2]);
    });
  }

  it("gives up after TRANSACTION_ATTEMPTS tries with the database's error", async () => {
    const transaction = attempts("40P01", () => true);
    const error = await transaction.run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAbortedForAnother(error)).toBe(true);
    expect(transaction.count()).toBe(TRANSACTION_ATTEMPTS);
    expect(await written()).toEqual([]);
  });

  it("runs no other failure again: a refused statement, the app's own error, a lost connection", async () => {
    const unique = attempts("23505", () => true);
    await expect(unique.run()).rejects.toThrow();
    expect(unique.count()).toBe(1);

    let tries = 0;
    const own = db.transaction(async () => {
      tries++;
      throw new Error("not allowed");
    });
    await expect(own).rejects.toThrow("not allowed");
    expect(tries).toBe(1);

    // A connection lost under a deadlock's report: whether it committed is unknown, so it is not run again.
    tries = 0;
    const lost = db.transaction(async () => {
      tries++;
      throw Object.assign(new Error("connection ended"), {
        code: "CONNECTION_ENDED",
        cause: Object.assign(new Error("deadlock"), { code: "40P01" }),
      });
    });
    await expect(lost).rejects.toThrow("connection ended");
    expect(tries).toBe(1);
    expect(await written()).toEqual([]);
  });

  it("runs the whole transaction again when a savepoint inside it is refused", async () => {
    let outer = 0;
    const result = await db.transaction(async (tx) => {
      const attempt = ++outer;
      await tx.execute(sql`insert into tries (attempt) values (${attempt})`);
      await tx.transaction(async (savepoint) => {
        if (attempt === 1) await refuseWith(savepoint, "40P01");
      });
      return attempt;
    });
    expect(result).toBe(2);
    expect(await written()).toEqual([2]);
  });
});
