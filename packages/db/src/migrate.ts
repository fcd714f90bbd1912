import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { DbHandle } from "./client";
import { rowsOf } from "./sql-helpers";
import type { PgliteDatabase } from "drizzle-orm/pglite";

/** Beside the module in the server's bundle (ADR 0007: dist/migrations), one level up in the source tree. */
export const migrationsFolder = [new URL("./migrations", import.meta.url), new URL("../migrations", import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((folder) => existsSync(folder))!;

/** An arbitrary constant: every instance migrating the same database takes this advisory lock first. */
const MIGRATION_LOCK_ID = 4_815_162_342;

/**
 * Applies the committed SQL migrations. Idempotent; safe when several instances start at once
 * (on PostgreSQL they queue on an advisory lock held on one dedicated connection).
 */
export async function runMigrations(handle: DbHandle, url?: string): Promise<void> {
  if (handle.kind === "pglite") {
    // Loaded only here, as in createDb: a PostgreSQL-backed server never pays for the embedded database.
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!url) throw new Error("runMigrations: a PostgreSQL handle needs its URL");
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const db = drizzlePostgres(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

export interface MigrationStatus {
  /** Committed migrations (the journal in `migrationsFolder`). */
  committed: number;
  /** Committed migrations this database has not applied. */
  pending: number;
}

/**
 * Compares the database's record of applied migrations (drizzle's own `drizzle.__drizzle_migrations`)
 * with the committed journal, the way drizzle's migrator decides what to run: every committed
 * migration newer than the last one applied is pending. A database never migrated has them all pending.
 */
let committedMigrations: ReturnType<typeof readMigrationFiles> | undefined;

export async function migrationStatus(handle: DbHandle): Promise<MigrationStatus> {
  // The committed files do not change while the process runs: read once, not on every probe.
  const committed = (committedMigrations ??= readMigrationFiles({ migrationsFolder }));
  const [record] = rowsOf<{ table: string | null }>(
    await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as table`),
  );
  let lastApplied = -Infinity;
  if (record?.table) {
    const [last] = rowsOf<{ createdAt: string | null }>(
      await handle.db.execute(sql`select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations`),
    );
    if (last?.createdAt) lastApplied = Number(last.createdAt);
  }
  return {
    committed: committed.length,
    pending: committed.filter((migration) => migration.folderMillis > lastApplied).length,
  };
}
