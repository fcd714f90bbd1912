import { sql, type SQL } from "drizzle-orm";

/**
 * A Date as a SQL timestamptz parameter inside a raw `sql` template. postgres.js cannot bind a bare
 * Date there (the query builder maps dates through column types; raw templates do not).
 */
export function timestampParam(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/** The rows of `db.execute(...)`: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
