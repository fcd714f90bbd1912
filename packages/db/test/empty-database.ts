/**
 * For tests of migrations themselves: an empty database of the project's kind (a fresh PGlite, or a new
 * PostgreSQL database on TEST_DATABASE_URL), and a folder holding the committed migrations up to one of them,
 * so a test can stop a database at an older release and upgrade it as an operator would.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createDb, type DbHandle } from "../src/client";
import { migrationsFolder, runMigrations } from "../src/migrate";
import { testDatabaseKind } from "../src/testing";

export interface EmptyDatabase {
  handle: DbHandle;
  url: string | undefined;
  close: () => Promise<void>;
}

export async function emptyDatabase(): Promise<EmptyDatabase> {
  if (testDatabaseKind === "pglite") {
    const handle = await createDb({});
    return { handle, url: undefined, close: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `hyn_empty_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), maxConnections: 4 });
  return {
    handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

export const committedJournal = JSON.parse(
  await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as Journal;

/**
 * A copy of the committed migrations holding those up to `lastTag` (all by default), plus `extra` ones
 * (tag and SQL, journal time after the last committed one). Removed by the returned `remove`.
 */
export async function migrationFolder(
  options: { lastTag?: string; extra?: { tag: string; sql: string }[] } = {},
): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "hyn-migrations-"));
  await cp(migrationsFolder, folder, { recursive: true });
  const last = options.lastTag
    ? committedJournal.entries.findIndex((entry) => entry.tag === options.lastTag)
    : committedJournal.entries.length - 1;
  if (last < 0) throw new Error(`no committed migration ${options.lastTag}`);
  const entries = committedJournal.entries.slice(0, last + 1);
  let when = committedJournal.entries.at(-1)!.when;
  for (const extra of options.extra ?? []) {
    await writeFile(path.join(folder, `${extra.tag}.sql`), extra.sql);
    entries.push({ ...entries.at(-1)!, idx: entries.length, tag: extra.tag, when: ++when });
  }
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...committedJournal, entries }));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Migrates `db` as an operator would, to the committed migration `lastTag` (all by default); the tags it ran. */
export async function migrateTo(db: EmptyDatabase, lastTag?: string) {
  const { folder, remove } = await migrationFolder(lastTag ? { lastTag } : {});
  try {
    return await runMigrations(db.handle, db.url, { folder });
  } finally {
    await remove();
  }
}
