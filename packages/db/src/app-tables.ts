import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { DbHandle } from "./client";
import * as schema from "./schema";
import { rowsOf } from "./sql-helpers";

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Every table the Drizzle schema declares: its name, and that name as PostgreSQL resolves it in the app's queries. */
const APP_TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => {
    const { name, schema: namespace } = getTableConfig(table);
    return { name, regclass: namespace ? `${quoted(namespace)}.${quoted(name)}` : quoted(name) };
  });

/**
 * The app's tables this database lacks, in one statement: the migration journal can say "applied"
 * while a table (or the whole `public` schema) has since been dropped, and then every call fails.
 * Unqualified names resolve through the connection's search_path, as the app's own queries do.
 */
export async function missingAppTables(handle: DbHandle): Promise<string[]> {
  const names = sql.join(
    APP_TABLES.map((table) => sql`(${table.regclass}::text)`),
    sql`, `,
  );
  const missing = new Set(
    rowsOf<{ regclass: string }>(
      await handle.db.execute(
        sql`select regclass from (values ${names}) as t(regclass) where to_regclass(regclass) is null`,
      ),
    ).map((row) => row.regclass),
  );
  return APP_TABLES.filter((table) => missing.has(table.regclass)).map((table) => table.name);
}
