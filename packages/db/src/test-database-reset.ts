/**
 * Puts a test's PostgreSQL database back as it was cloned from the migrated template, so the next test
 * can take it instead of cloning another. A clone costs this machine about 450 ms of a core (CREATE
 * DATABASE copies and syncs every file of the template), more than most tests themselves; emptying the
 * tables of a few rows costs a few milliseconds (docs/PERFORMANCE.md, "CI time").
 *
 * A database is only reused when its structure is the template's: a test that changed it (ran a
 * migration, started the job engine, which adds its schema, made a temporary table) leaves a database
 * that is dropped, as before.
 */
import type postgres from "postgres";

/** What a fresh clone holds besides its structure: the rows migrations wrote, and where sequences stand. */
export interface CloneBaseline {
  /** Every table of the app's schemas, quoted: emptied on reset. */
  tables: string[];
  /** The tables a migration wrote rows into, with those rows and the columns to write them back through. */
  seeded: { table: string; columns: string; rows: string }[];
  /** Each sequence and its state, as `setval` takes it. */
  sequences: { sequence: string; lastValue: string; isCalled: boolean }[];
  /** The structure's fingerprint (see `structureFingerprint`). */
  structure: string;
}

const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`;

/**
 * Changes with any DDL: each catalog row's count and the sum of the transaction ids that wrote them.
 * A clone's catalog rows keep the template's transaction ids; a new table, column, trigger, function or
 * schema (pg-boss's, a temporary table's) adds rows written by a new transaction. Statistics (written
 * in place, or to pg_statistic, not listed) leave it as it was.
 */
const FINGERPRINT = `SELECT string_agg(part, ' ') AS fingerprint FROM (
  ${[
    "pg_namespace",
    "pg_class",
    "pg_attribute",
    "pg_attrdef",
    "pg_constraint",
    "pg_index",
    "pg_trigger",
    "pg_proc",
    "pg_type",
    "pg_enum",
    "pg_rewrite",
    "pg_policy",
    "pg_extension",
    "pg_sequence",
  ]
    .map(
      (catalog) =>
        `SELECT '${catalog}:' || count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) AS part FROM ${catalog}`,
    )
    .join("\n  UNION ALL ")}
) AS parts`;

export async function structureFingerprint(sql: postgres.Sql): Promise<string> {
  const [row] = await sql.unsafe<{ fingerprint: string }[]>(FINGERPRINT);
  return row!.fingerprint;
}

/** Reads a fresh clone: its tables, the rows migrations left in them, its sequences and its structure. */
export async function readCloneBaseline(sql: postgres.Sql): Promise<CloneBaseline> {
  const tables = await sql.unsafe<{ name: string; columns: string }[]>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name,
            (SELECT string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND ${userSchemas} ORDER BY 1`,
  );
  const seeded: CloneBaseline["seeded"] = [];
  for (const { name, columns } of tables) {
    const [row] = await sql.unsafe<{ rows: string | null }[]>(`SELECT json_agg(t)::text AS rows FROM ${name} AS t`);
    if (row?.rows) seeded.push({ table: name, columns, rows: row.rows });
  }
  const sequenceNames = await sql.unsafe<{ name: string }[]>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND ${userSchemas} ORDER BY 1`,
  );
  const sequences: CloneBaseline["sequences"] = [];
  for (const { name } of sequenceNames) {
    const [state] = await sql.unsafe<{ last_value: string; is_called: boolean }[]>(
      `SELECT last_value::text, is_called FROM ${name}`,
    );
    sequences.push({ sequence: name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return { tables: tables.map((t) => t.name), seeded, sequences, structure: await structureFingerprint(sql) };
}

/**
 * Empties a used clone back to its baseline, on a connection of its own once every other has gone.
 * Returns false, changing nothing, when its structure is no longer the template's.
 */
export async function resetToBaseline(sql: postgres.Sql, baseline: CloneBaseline): Promise<boolean> {
  // As DROP DATABASE ... WITH (FORCE) did: a connection a test left open (a second pool, a stream) ends.
  await sql.unsafe(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  if ((await structureFingerprint(sql)) !== baseline.structure) return false;
  await sql.begin(async (tx) => {
    // Replica mode fires no trigger: no foreign-key check, no change-log row, in any order.
    await tx.unsafe(`SET LOCAL session_replication_role = replica`);
    await tx.unsafe(baseline.tables.map((table) => `DELETE FROM ${table};`).join("\n"));
    for (const { table, columns, rows } of baseline.seeded) {
      await tx.unsafe(
        `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::text::json)`,
        [rows],
      );
    }
    for (const { sequence, lastValue, isCalled } of baseline.sequences) {
      await tx.unsafe(`SELECT setval($1::regclass, $2::bigint, $3)`, [sequence, lastValue, isCalled]);
    }
  });
  return true;
}
