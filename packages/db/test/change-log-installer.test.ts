/**
 * Migration 0033: the function the migrations to come install a table's change-log triggers with (ADR 0009),
 * instead of writing three CREATE TRIGGER statements and another copy of the same trigger function.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 1 });
});
afterAll(async () => {
  await database.close();
});

const GROUP_A = "00000000-0000-4000-8000-00000000000a";
const GROUP_B = "00000000-0000-4000-8000-00000000000b";

describe("install_change_log_triggers", () => {
  it("logs every insert, update and delete of a table's rows under their groups, old and new", async () => {
    const { db } = database.handle;
    await db.execute(sql`create table shelf_notes (id int primary key, group_id uuid not null, note text)`);
    await db.execute(sql`select install_change_log_triggers('shelf_notes', 'change_log_group_rows')`);
    const triggers = rowsOf<{ name: string }>(
      await db.execute(
        sql`select tgname as name from pg_trigger where tgrelid = 'shelf_notes'::regclass and not tgisinternal order by 1`,
      ),
    );
    expect(triggers.map((t) => t.name)).toEqual([
      "change_log_shelf_notes_delete",
      "change_log_shelf_notes_insert",
      "change_log_shelf_notes_update",
    ]);

    const logged = async (change: ReturnType<typeof sql>) => {
      await db.execute(sql`delete from change_log`);
      await db.execute(change);
      return rowsOf<{ group_id: string | null; user_id: string | null }>(
        await db.execute(sql`select group_id, user_id from change_log order by group_id`),
      );
    };
    expect(await logged(sql`insert into shelf_notes values (1, ${GROUP_A}, 'x'), (2, ${GROUP_A}, 'y')`)).toEqual([
      { group_id: GROUP_A, user_id: null },
    ]);
    expect(await logged(sql`update shelf_notes set group_id = ${GROUP_B} where id = 1`)).toEqual([
      { group_id: GROUP_A, user_id: null },
      { group_id: GROUP_B, user_id: null },
    ]);
    expect(await logged(sql`delete from shelf_notes where id = 2`)).toEqual([{ group_id: GROUP_A, user_id: null }]);
  });
});
