import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/index";

const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

async function apply(pg: PGlite, tag: string) {
  for (const statement of (await readFile(path.join(migrationsFolder, `${tag}.sql`), "utf8")).split(
    "--> statement-breakpoint",
  )) {
    if (statement.trim()) await pg.exec(statement);
  }
}

describe("the migration giving the outbox its queue order and Message-IDs", () => {
  it("numbers the e-mails queued before the upgrade in the order they were queued, gives each its own Message-ID, and numbers new ones after them", async () => {
    const pg = new PGlite();
    try {
      const upgrade = journal.entries.findIndex((entry) => entry.tag.endsWith("_outbox_order_and_message_id"));
      for (const entry of journal.entries.slice(0, upgrade)) await apply(pg, entry.tag);
      await pg.exec(`INSERT INTO email_outbox (email_type, to_address, subject, text_body, html_body, created_at) VALUES
        ('feedback', 'ann@example.com', 'third', 't', 't', '2026-01-03'),
        ('feedback', 'ann@example.com', 'first', 't', 't', '2026-01-01'),
        ('feedback', 'bo@example.com', 'second', 't', 't', '2026-01-02')`);

      await apply(pg, journal.entries[upgrade]!.tag);
      await pg.exec(
        `INSERT INTO email_outbox (email_type, to_address, subject, text_body, html_body) VALUES ('feedback', 'ann@example.com', 'fourth', 't', 't')`,
      );

      const rows = (
        await pg.query<{ seq: number; subject: string; message_id: string }>(
          "SELECT seq::int AS seq, subject, message_id FROM email_outbox ORDER BY seq",
        )
      ).rows;
      expect(rows.map((row) => [row.seq, row.subject])).toEqual([
        [1, "first"],
        [2, "second"],
        [3, "third"],
        [4, "fourth"],
      ]);
      expect(new Set(rows.map((row) => row.message_id)).size).toBe(4);
      for (const row of rows) expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@[a-z.-]+>$/);
    } finally {
      await pg.close();
    }
  });
});
