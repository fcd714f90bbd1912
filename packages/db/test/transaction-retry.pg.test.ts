import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Database } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/** PostgreSQL only: a real deadlock needs two connections. */
let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 4 });
  db = database.handle.db;
  await db.execute(sql`create table counters (id int primary key, value int not null)`);
  await db.execute(sql`insert into counters values (1, 0), (2, 0)`);
});
afterAll(async () => {
  await database.close();
});

describe("a real deadlock (PostgreSQL, issue 38)", () => {
  it("two transactions locking two rows in opposite orders both commit: the one PostgreSQL picked runs again", async () => {
    let bothHoldOne: () => void = () => undefined;
    const meet = new Promise<void>((resolve) => {
      let waiting = 2;
      bothHoldOne = () => --waiting === 0 && resolve();
    });
    const tries = { forward: 0, backward: 0 };
    const add = (name: keyof typeof tries, first: number, second: number) =>
      db.transaction(async (tx) => {
        tries[name]++;
        // Found within a tenth of a second rather than the default second.
        await tx.execute(sql`set local deadlock_timeout = '100ms'`);
        await tx.execute(sql`update counters set value = value + 1 where id = ${first}`);
        bothHoldOne();
        await meet;
        await tx.execute(sql`update counters set value = value + 1 where id = ${second}`);
      });

    await Promise.all([add("forward", 1, 2), add("backward", 2, 1)]);

    expect(tries.forward + tries.backward).toBe(3);
    const values = rowsOf<{ value: number }>(await db.execute(sql`select value from counters order by id`));
    expect(values.map((r) => r.value)).toEqual([2, 2]);
  });
});
