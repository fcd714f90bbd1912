import type postgres from "postgres";

type Sql = postgres.Sql;
type TransactionSql = postgres.TransactionSql;
type Callback<T> = (sql: T) => unknown;

/**
 * drizzle's postgres.js driver sends every query it was not given a name for with `prepare: false`,
 * so PostgreSQL parses and plans the same statement again on every call. Measured on the dashboard
 * (issue 6, docs/PERFORMANCE.md): 2.9 ms of PostgreSQL CPU per load unprepared, 0.7 ms prepared.
 *
 * This wraps the client so every query with parameters is prepared once per connection; postgres.js
 * keeps prepared statements per connection, keyed by their text. The app never puts values into SQL
 * text (no `sql.raw` outside the seed and migrations, which run without parameters and so use the
 * simple protocol), so the set of texts is the set of queries in the code and the cache stays bounded.
 */
export function preparingEveryQuery<T extends Sql | TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "unsafe") {
        return (query: string, parameters?: unknown[], options?: Record<string, unknown>) =>
          (value as Sql["unsafe"]).call(target, query, parameters as never, { ...options, prepare: true });
      }
      // Transactions and savepoints hand their own client to the callback: it must prepare too.
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const callback = args[last] as Callback<TransactionSql>;
          args[last] = (sql: TransactionSql) => callback(preparingEveryQuery(sql));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
}
