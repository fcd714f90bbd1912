import { sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "./client";
import { withCompiledRowMappers } from "./row-mapper";

/**
 * Queries built once per database instead of on every call. drizzle turns a query builder into SQL
 * text each time it runs; on the dashboard that was about a quarter of the server's CPU per load
 * (issue 6, docs/PERFORMANCE.md). Build the hot reads here with `sql.placeholder(...)` for their
 * values and `.prepare(name)`, then `.execute({ ... })` them. Their rows are read by a mapper made once
 * (row-mapper.ts), where the query's shape allows.
 *
 * Prepared queries belong to the database they were built on, not to a transaction: use them for
 * reads outside transactions, and preparedStatement (below) for statements that may run inside one.
 */
export function perDatabase<T extends object>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let queries = built.get(db);
    if (!queries) {
      queries = withCompiledRowMappers(build(db));
      built.set(db, queries);
    }
    return queries;
  };
}

/** What a prepared query needs of the session it runs in: drizzle keeps these on every session. */
interface SessionParts {
  /** The driver's client: the pool for a database, the transaction's own connection for a transaction. */
  client: unknown;
  /** Shared by a database and its transactions; what the SQL text is written for. */
  dialect: object;
}

/**
 * One statement built once per database, for any executor: the database, or one of its transactions
 * (which write the same text, so it is built with whichever comes first). perDatabase's queries run on
 * the database's pool only; these are handed out bound to the executor's own client, so a write path's
 * statements run in its transaction without drizzle writing their SQL again on every call (issue 31:
 * a third of the server's CPU on claim + unclaim). Values are `sql.placeholder(...)`s, as for perDatabase.
 */
export function preparedStatement<Query extends object>(
  build: (executor: Executor) => Query,
): (executor: Executor) => Query {
  const built = new WeakMap<object, Query>();
  return (executor) => {
    const session = executor._.session as unknown as SessionParts;
    let query = built.get(session.dialect);
    if (!query) {
      query = withCompiledRowMappers(build(executor));
      built.set(session.dialect, query);
    }
    if ((query as unknown as SessionParts).client === session.client) return query;
    // The same query, sent on this executor's connection (drizzle's prepared queries read `this.client`).
    return Object.create(query, { client: { value: session.client } }) as Query;
  };
}

/** A timestamptz placeholder: pass its value as an ISO string (postgres.js cannot bind a bare Date in raw SQL). */
export function timestampPlaceholder(name: string): SQL {
  return sql`${sql.placeholder(name)}::timestamptz`;
}
