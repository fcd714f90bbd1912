import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../src/sql-helpers";
import { emptyDatabase, migrateTo, type EmptyDatabase } from "./empty-database";

let database: EmptyDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe("migration 0034: a request from before 'if it is not there' existed has no choice (issue 40)", () => {
  it("takes back the 'similar' 0022 gave the requests that existed when it ran, and keeps every choice made since", async () => {
    database = await emptyDatabase();
    const { db } = database.handle;
    const run = (query: string) => db.execute(sql.raw(query));
    await migrateTo(database, "0021_group_links");
    await run(
      `INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'ann@example.com', 'x')`,
    );
    await run(
      `INSERT INTO groups (id, name, created_by) VALUES ('00000000-0000-4000-8000-000000000002', 'Elm', '00000000-0000-4000-8000-000000000001')`,
    );
    const post = (item: string, createdAt: string, choice?: string) =>
      run(`INSERT INTO requests (user_id, group_id, item_description, needed_by, created_at${choice ? ", if_unavailable" : ""})
           VALUES ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '${item}',
                   now() + interval '1 day', ${createdAt}${choice ? `, '${choice}'` : ""})`);
    // Before the release that asked: one from before 0022 was even written, two made on the old release
    // after it was written (an operator who upgraded days later), one of which is claimed after the upgrade.
    await post("long ago", "'2026-11-01T10:00:00Z'");
    await post("claimed later", "now() - interval '1 minute'");
    await post("on the old release", "now()");

    await migrateTo(database, "0033_change_log_installer");
    await run(`UPDATE requests SET status = 'claimed' WHERE item_description = 'claimed later'`);
    await post("chose similar", "now()", "similar");
    await post("chose skip", "now()", "skip");

    expect(await migrateTo(database, "0034_if_unavailable_unknown")).toEqual(["0034_if_unavailable_unknown"]);
    const rows = rowsOf<{ item: string; choice: string | null }>(
      await run(
        `SELECT item_description AS item, if_unavailable AS choice FROM requests ORDER BY created_at, item_description`,
      ),
    );
    expect(Object.fromEntries(rows.map((row) => [row.item, row.choice]))).toEqual({
      "long ago": null,
      "claimed later": null,
      "on the old release": null,
      "chose similar": "similar",
      "chose skip": "skip",
    });
    // Nothing is invented from now on either: a request stored without a choice has none.
    await post("no choice given", "now()");
    const [stored] = rowsOf<{ choice: string | null }>(
      await run(`SELECT if_unavailable AS choice FROM requests WHERE item_description = 'no choice given'`),
    );
    expect(stored!.choice).toBeNull();
  });
});
