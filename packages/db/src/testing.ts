/**
 * Test databases. TEST_DB=postgres (with TEST_DATABASE_URL) gives each harness its own PostgreSQL
 * database cloned from a migrated template, or one an earlier test of the same worker used and that was
 * emptied back to the clone (test-database-reset.ts); otherwise each harness gets an in-memory PGlite
 * restored from a migrated snapshot. Both are migrated once per run, by the projects' globalSetup.
 */
import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { createDb, type DbHandle } from "./client";
import { runMigrations } from "./migrate";
import { readCloneBaseline, resetToBaseline, type CloneBaseline } from "./test-database-reset";

// Tests are their own entry point: this is the only test-side reader of these variables.
const testDb = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
const adminUrl = process.env.TEST_DATABASE_URL;
export const TEMPLATE_DB = process.env.HYN_TEMPLATE_DB ?? "hyn_test_template";
/** Where the PGlite project's globalSetup leaves the migrated database (vitest.config.ts names it per run). */
const pgliteSnapshotPath = process.env.HYN_PGLITE_SNAPSHOT;

export const testDatabaseKind: "postgres" | "pglite" = testDb;

export interface TestDatabase {
  handle: DbHandle;
  /** The postgres:// URL of this database (PostgreSQL only): for a second pool or a second server. */
  url: string | undefined;
  close: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One connection to `url` for `use`'s statements, ended afterwards whatever happens. */
async function withConnection<T>(url: string, use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}

/** Every test database of this run is named after its template, so the teardown finds those left idle. */
const clonePrefix = `${TEMPLATE_DB}_c`;

/** Drops this run's template and the clones its workers kept for reuse (globalSetup teardown). */
export async function dropTemplateDatabase(): Promise<void> {
  if (!adminUrl) return;
  await withConnection(adminUrl, async (admin) => {
    const clones = await admin<
      { datname: string }[]
    >`SELECT datname FROM pg_database WHERE starts_with(datname, ${clonePrefix})`;
    for (const { datname } of clones) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  });
}

/** Vitest globalSetup for the PostgreSQL project: (re)creates and migrates the template once per run. */
export async function prepareTemplateDatabase(): Promise<void> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for TEST_DB=postgres");
  await withConnection(adminUrl, async (admin) => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
  });
  const url = withDatabase(adminUrl, TEMPLATE_DB);
  const handle = await createDb({ url, maxConnections: 1 });
  await runMigrations(handle, url);
  await handle.close();
}

/** Vitest globalSetup for the PGlite project: migrates one PGlite and writes its data directory to a file. */
export async function preparePgliteSnapshot(): Promise<void> {
  if (!pgliteSnapshotPath) throw new Error("HYN_PGLITE_SNAPSHOT must name the file for the migrated PGlite");
  const pg = new PGlite();
  const handle = await createDb({ pglite: pg });
  await runMigrations(handle);
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  await writeFile(pgliteSnapshotPath, Buffer.from(await dump.arrayBuffer()));
}

/** Removes this run's snapshot file (globalSetup teardown). */
export async function removePgliteSnapshot(): Promise<void> {
  if (pgliteSnapshotPath) await rm(pgliteSnapshotPath, { force: true });
}

// Read once per test file (each runs in its own worker), then restored for every harness.
let snapshot: Promise<Blob> | undefined;
function migratedSnapshot(): Promise<Blob> {
  if (!pgliteSnapshotPath)
    throw new Error(
      "HYN_PGLITE_SNAPSHOT is not set: run the tests through vitest.config.ts, whose globalSetup migrates the database once",
    );
  snapshot ??= readFile(pgliteSnapshotPath).then((bytes) => new Blob([bytes]));
  return snapshot;
}

// This worker's clones that a finished test left as fresh, ready for the next; and what fresh is.
const idleClones: string[] = [];
let baseline: Promise<CloneBaseline> | undefined;

async function cloneTemplate(): Promise<string> {
  const name = `${clonePrefix}${randomBytes(6).toString("hex")}`;
  await withConnection(adminUrl!, (admin) => admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`));
  baseline ??= withConnection(withDatabase(adminUrl!, name), readCloneBaseline);
  await baseline;
  return name;
}

/** Gives a used clone back to this worker when it can be emptied to the clone it was; drops it otherwise. */
async function releaseClone(name: string): Promise<void> {
  const fresh = await baseline!;
  if (await withConnection(withDatabase(adminUrl!, name), (own) => resetToBaseline(own, fresh))) {
    idleClones.push(name);
    return;
  }
  await withConnection(adminUrl!, (admin) => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  if (testDb === "postgres") {
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for TEST_DB=postgres");
    const name = idleClones.pop() ?? (await cloneTemplate());
    const url = withDatabase(adminUrl, name);
    const handle = await createDb({ url, maxConnections: options.maxConnections ?? 10 });
    return {
      handle,
      url,
      close: async () => {
        await handle.close();
        await releaseClone(name);
      },
    };
  }
  const pg = new PGlite({ loadDataDir: await migratedSnapshot() });
  const handle = await createDb({ pglite: pg });
  return { handle, url: undefined, close: () => handle.close() };
}
