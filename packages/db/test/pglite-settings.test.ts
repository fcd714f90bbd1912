import { afterAll, expect, it } from "vitest";
import { createDb, type DbHandle } from "../src/client";
import { PGLITE_SETTINGS } from "../src/pglite-settings";

let handle: DbHandle | undefined;
afterAll(() => handle?.close());

it("the embedded database runs with the memory settings of pglite-settings.ts, not PostgreSQL's defaults", async () => {
  handle = await createDb();
  const shown: Record<string, string> = {};
  for (const name of Object.keys(PGLITE_SETTINGS)) {
    const result = await handle.pglite!.query<Record<string, string>>(`show ${name}`);
    shown[name] = result.rows[0]![name]!;
  }
  expect(shown).toEqual(PGLITE_SETTINGS);
});
