import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { sql, type SQL } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { DbHandle } from "./client";
import { rowsOf } from "./sql-helpers";
import { errorCodes } from "./connection-errors";

/** Beside the module in the server's bundle (ADR 0007: dist/migrations), one level up in the source tree. */
export const migrationsFolder = [new URL("./migrations", import.meta.url), new URL("../migrations", import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((folder) => existsSync(folder))!;

/** An arbitrary constant: every instance migrating the same database takes this advisory lock first. */
const MIGRATION_LOCK_ID = 4_815_162_342;

/**
 * How long a migration's statement waits for a lock before it gives way. Well under PostgreSQL's default
 * `deadlock_timeout` (1 s): a live transaction that then needs a table the migration already holds waits a
 * moment, never a deadlock check that could pick it as the victim; and live statements queued behind the
 * migration's waiting lock are held that long at most. Live transactions last milliseconds, so it is enough.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 250;
/** How long in all a migration keeps trying to take its locks before the start stops with that cause. */
export const MIGRATION_LOCK_PATIENCE_MS = 5 * 60_000;

/** SQLSTATEs of a migration that gave way to live traffic: its lock_timeout (55P03) or a deadlock's victim (40P01). */
const GAVE_WAY = new Set(["55P03", "40P01"]);

export interface MigrationOptions {
  /** Another folder of migrations (tests); the committed ones by default. */
  folder?: string;
  lockTimeoutMs?: number;
  lockPatienceMs?: number;
  /** Told each time a migration gave way to a live transaction's lock and will be tried again. */
  onLockWait?: (wait: { migration: string; attempt: number; retryInMs: number }) => void;
}

interface Migration {
  tag: string;
  statements: string[];
  hash: string;
  folderMillis: number;
}

function committedMigrationsIn(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  // readMigrationFiles reads the journal's entries in order: the same index is the same migration.
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, index) => ({
    tag: journal.entries[index]!.tag,
    statements: migration.sql,
    hash: migration.hash,
    folderMillis: migration.folderMillis,
  }));
}

/**
 * Applies the committed SQL migrations and returns the tags of those it applied, in order. Idempotent;
 * safe when several instances start at once (on PostgreSQL they queue on an advisory lock held on one
 * dedicated connection) and beside instances serving traffic: each migration is its own transaction whose
 * statements wait at most `lockTimeoutMs` for a lock, and one that gave way is rolled back and tried again
 * after a pause (issue 40: a new instance's migration had deadlocked an old instance's POST). The record
 * is drizzle's own (`drizzle.__drizzle_migrations`: hash and journal time), kept as its migrator keeps it.
 */
export async function runMigrations(handle: DbHandle, url?: string, options: MigrationOptions = {}): Promise<string[]> {
  const migrations = committedMigrationsIn(options.folder ?? migrationsFolder);
  if (handle.kind === "pglite") return applyPending(handle.db, migrations, options);
  if (!url) throw new Error("runMigrations: a PostgreSQL handle needs its URL");
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const db = drizzlePostgres(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      return await applyPending(db, migrations, options);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** What applying needs of a database: drizzle's, PGlite's or one PostgreSQL connection's. */
interface Executes {
  execute: (query: SQL) => Promise<unknown>;
}
interface Migrator extends Executes {
  transaction: (run: (tx: Executes) => Promise<void>) => Promise<void>;
}

async function applyPending(db: Migrator, migrations: Migration[], options: MigrationOptions): Promise<string[]> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const [last] = rowsOf<{ createdAt: string | null }>(
    await db.execute(sql`select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations`),
  );
  const lastApplied = last?.createdAt ? Number(last.createdAt) : -Infinity;
  const applied: string[] = [];
  for (const migration of migrations.filter((m) => m.folderMillis > lastApplied)) {
    await applyGivingWay(db, migration, options);
    applied.push(migration.tag);
  }
  return applied;
}

async function applyGivingWay(db: Migrator, migration: Migration, options: MigrationOptions): Promise<void> {
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const giveUpAt = Date.now() + (options.lockPatienceMs ?? MIGRATION_LOCK_PATIENCE_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`));
        for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      });
      return;
    } catch (error) {
      if (!errorCodes(error).some((code) => GAVE_WAY.has(code))) throw error;
      // Growing, jittered pauses up to 5 s: long enough for a live transaction to finish, short enough to catch a gap.
      const retryInMs = Math.round(Math.min(5_000, 250 * attempt) * (0.75 + Math.random() / 2));
      if (Date.now() + retryInMs > giveUpAt)
        throw new Error(
          `Migration ${migration.tag} could not take its locks: live transactions held them for ${Math.round((options.lockPatienceMs ?? MIGRATION_LOCK_PATIENCE_MS) / 1000)} s`,
          { cause: error },
        );
      options.onLockWait?.({ migration: migration.tag, attempt, retryInMs });
      await sleep(retryInMs);
    }
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
