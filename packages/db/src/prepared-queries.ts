import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Queries built once per database instead of on every call. drizzle turns a query builder into SQL
 * text each time it runs; on the dashboard that was about a quarter of the server's CPU per load
 * (issue 6, docs/PERFORMANCE.md). Build the hot reads here with `sql.placeholder(...)` for their
 * values and `.prepare(name)`, then `.execute({ ... })` them.
 *
 * Prepared queries belong to the database they were built on, not to a transaction: use them for
 * reads outside transactions.
 */
export function perDatabase<T extends object>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let queries = built.get(db);
    if (!queries) {
      queries = build(db);
      built.set(db, queries);
    }
    return queries;
  };
}

/** A timestamptz placeholder: pass its value as an ISO string (postgres.js cannot bind a bare Date in raw SQL). */
export function timestampPlaceholder(name: string): SQL {
  return sql`${sql.placeholder(name)}::timestamptz`;
}
