import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { claimDataDir } from "./data-dir-lock";
import { pgliteStartParams } from "./pglite-settings";
import { preparingEveryQuery } from "./prepared-statements";
import * as schema from "./schema";
import { retryingTransactions } from "./transaction-retry";

export type Schema = typeof schema;
/** The one database type the app codes against; both drivers satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Functions that may run inside or outside a transaction take this. */
export type Executor = Database | Transaction;

export interface DbHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** Counts statements sent, so tests and the benchmark can prove "no query per row". */
  statementCount: () => number;
  /** Keeps the text and parameters of every statement sent until the returned function is called, which gives them. */
  recordStatements: () => () => RecordedStatement[];
  close: () => Promise<void>;
  /** The raw clients, for LISTEN/NOTIFY and the job queue. */
  pglite?: PGlite;
  postgres?: postgres.Sql;
  /** The postgres:// URL (PostgreSQL only): the job engine opens its own small pool to it. */
  url?: string;
}

export interface RecordedStatement {
  text: string;
  params: unknown[];
}

export interface CreateDbOptions {
  /** postgres:// URL; when absent, PGlite stores its files in `dataDir` (or in memory when that is absent too). */
  url?: string | undefined;
  dataDir?: string | undefined;
  maxConnections?: number;
  /** An already-open PGlite (tests reuse a migrated snapshot). */
  pglite?: PGlite;
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  let statements = 0;
  let recording: RecordedStatement[] | null = null;
  const logger = {
    logQuery(text: string, params: unknown[]) {
      statements++;
      recording?.push({ text, params });
    },
  };
  const recordStatements = () => {
    const recorded: RecordedStatement[] = (recording = []);
    return () => {
      if (recording === recorded) recording = null;
      return recorded;
    };
  };
  if (options.url) {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      onnotice: () => undefined,
      // No array types are read or bound, so no lookup of them on every new connection: that lookup,
      // cut by a terminated backend, is a rejection the driver leaves unhandled (the process would end).
      fetch_types: false,
      // Timestamps round-trip as Date; keep the driver's defaults otherwise.
    });
    const db = retryingTransactions(
      drizzlePostgres(preparingEveryQuery(client), { schema, logger }) as unknown as Database,
    );
    return {
      db,
      kind: "postgres",
      postgres: client,
      url: options.url,
      statementCount: () => statements,
      recordStatements,
      close: () => client.end({ timeout: 5 }),
    };
  }
  // Loaded only when used: the embedded database's module alone costs a PostgreSQL-backed server ~45 MB of RSS.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const release = !options.pglite && options.dataDir ? claimDataDir(options.dataDir) : () => undefined;
  // PostgreSQL's memory settings sized for one process (issue 44): its WebAssembly memory never shrinks.
  const startParams = pgliteStartParams(PGlite.defaultStartParams);
  const pglite = options.pglite ?? new PGlite({ dataDir: options.dataDir, startParams });
  await pglite.waitReady.catch((error: unknown) => {
    release();
    throw error;
  });
  // One connection never deadlocks, but the app's transactions behave the same on both databases.
  const db = retryingTransactions(drizzlePglite(pglite, { schema, logger }) as unknown as Database);
  return {
    db,
    kind: "pglite",
    pglite,
    statementCount: () => statements,
    recordStatements,
    close: async () => {
      if (!pglite.closed) await pglite.close();
      release();
    },
  };
}
