import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../src/sql-helpers";
import { emptyDatabase, migrateTo, type EmptyDatabase } from "./empty-database";

let database: EmptyDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe("migration 0035: when someone first offered, for the requests from before it was kept (issue 41)", () => {
  it("is the current claim's time for a claimed or fulfilled request, and nothing for one nobody holds", async () => {
    database = await emptyDatabase();
    const { db } = database.handle;
    const run = (query: string) => db.execute(sql.raw(query));
    await migrateTo(database, "0034_if_unavailable_unknown");
    await run(
      `INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'ann@example.com', 'x'),
        ('00000000-0000-4000-8000-000000000003', 'bo@example.com', 'x')`,
    );
    await run(
      `INSERT INTO groups (id, name, created_by) VALUES ('00000000-0000-4000-8000-000000000002', 'Elm', '00000000-0000-4000-8000-000000000001')`,
    );
    const post = (item: string, status: string, claimedAt: string | null) =>
      run(`INSERT INTO requests (user_id, group_id, item_description, needed_by, created_at, status, claimed_by, claimed_at)
           VALUES ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '${item}',
                   '2026-12-01T10:00:00Z', '2026-11-20T10:00:00Z', '${status}',
                   ${claimedAt ? "'00000000-0000-4000-8000-000000000003'" : "NULL"}, ${claimedAt ? `'${claimedAt}'` : "NULL"})`);
    await post("open", "open", null);
    await post("claimed", "claimed", "2026-11-20T12:00:00Z");
    await post("fulfilled", "fulfilled", "2026-11-21T09:30:00Z");

    expect(await migrateTo(database, "0035_groups_stay_alive")).toEqual(["0035_groups_stay_alive"]);
    const rows = rowsOf<{ item: string; first: string | Date | null }>(
      await run(`SELECT item_description AS item, first_offered_at AS first FROM requests`),
    );
    const firstOffered = Object.fromEntries(
      rows.map((row) => [row.item, row.first === null ? null : new Date(row.first).toISOString()]),
    );
    expect(firstOffered).toEqual({
      open: null,
      claimed: "2026-11-20T12:00:00.000Z",
      fulfilled: "2026-11-21T09:30:00.000Z",
    });
  });
});
