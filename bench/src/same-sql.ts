/**
 * The same-SQL reference (issue 31): the statements the app sends for one call of a path, sent again
 * by postgres.js from a bare Fastify route in the benchmarked server's process, with no ORM, tRPC,
 * validation or answer cache around them. The app's throughput on a path is reported as a share of
 * its reference's, measured in the same run, one right after the other.
 *
 * The statements are not written down here: the suite records them from the app itself, on the seeded
 * database, at the start of each run (`DbHandle.recordStatements`), so the reference follows every
 * change of the app's SQL by construction. What this module states is what the statement log cannot
 * show: how the app runs them (which ones share a transaction, which go side by side) and which value
 * of the recorded call a new call changes. Each path's shape is checked against the recording, and the
 * suite checks that the recorded call issued as many statements as the app's probe calls do.
 */
import type { RecordedStatement } from "@hyn/db";

export type SameSqlPath = "dashboard" | "create" | "claim" | "unclaim";

export interface SameSqlPlan {
  path: SameSqlPath;
  statements: RecordedStatement[];
  /** From this index on, the statements run in one transaction (the service's `db.transaction`); null: none. */
  transactionFrom: number | null;
  /** From this index on, the statements are sent side by side (the dashboard's `Promise.all`); null: in order. */
  sideBySideFrom: number | null;
  /**
   * The request the recorded call was about. A replayed call puts its own in its place, in every
   * parameter that holds it (also inside the live event's JSON and the e-mails' texts).
   */
  requestId: string | null;
  /** Where a replayed call's request comes from: the URL's `?id=` (claim, unclaim), or what the statement at this index returns (create's INSERT). */
  requestIdFrom: "url" | { returnedBy: number } | null;
  /** The conditional UPDATE at this index must match a row, as the service refuses the call otherwise. */
  mustMatchRow: number | null;
}

/** The session lookup every signed-in call starts with (packages/api: createContext, resolveSession). */
const isSessionLookup = (s: RecordedStatement) => / from "sessions" inner join "users"/.test(s.text);

function fail(path: SameSqlPath, statements: RecordedStatement[], why: string): never {
  throw new Error(
    `same-SQL reference for ${path}: ${why}; the app sent ${statements.length} statements:\n${statements
      .map((s, i) => `  ${i}: ${s.text.slice(0, 100)}`)
      .join("\n")}`,
  );
}

/**
 * How the app runs the statements it sent for one call of `path`, checked against the recording.
 * `requestId`: the request the call was about (claim, unclaim) or created (create).
 */
export function sameSqlPlan(path: SameSqlPath, statements: RecordedStatement[], requestId?: string): SameSqlPlan {
  if (!statements[0] || !isSessionLookup(statements[0])) fail(path, statements, "the first is not the session lookup");
  for (const s of statements)
    for (const p of s.params)
      if (p !== null && !["string", "number", "boolean"].includes(typeof p))
        fail(path, statements, `a parameter is a ${typeof p}, which the reference cannot send as recorded`);
  if (path === "dashboard") {
    // packages/core/src/requests/dashboard.ts, loadDashboard: four reads in one Promise.all, no transaction.
    if (statements.length !== 5) fail(path, statements, "expected the session lookup and four reads");
    return {
      path,
      statements,
      transactionFrom: null,
      sideBySideFrom: 1,
      requestId: null,
      requestIdFrom: null,
      mustMatchRow: null,
    };
  }
  if (!requestId) throw new Error(`same-SQL reference for ${path}: the request's id is needed`);
  if (path === "create") {
    // packages/core/src/requests/service.ts, create: everything after the session in one transaction;
    // the new request's id comes back from its INSERT and is in every statement after it.
    const insert = statements.findIndex((s) => /^insert into "requests" /.test(s.text));
    if (insert < 0) fail(path, statements, "no INSERT into requests");
    return {
      path,
      statements,
      transactionFrom: 1,
      sideBySideFrom: null,
      requestId,
      requestIdFrom: { returnedBy: insert },
      mustMatchRow: insert,
    };
  }
  // packages/core/src/requests/service.ts, transition (claim, unclaim): one transaction that starts
  // with the conditional UPDATE of the request.
  if (!/^update "requests" /.test(statements[1]?.text ?? "")) fail(path, statements, "the second is not the UPDATE");
  return {
    path,
    statements,
    transactionFrom: 1,
    sideBySideFrom: null,
    requestId,
    requestIdFrom: "url",
    mustMatchRow: 1,
  };
}

/** A recorded statement's parameters for a call about `requestId` instead of the recorded one. */
export function bindParams(params: unknown[], recordedId: string | null, requestId: string | undefined): unknown[] {
  if (!recordedId || !requestId || requestId === recordedId) return params;
  return params.map((p) => (typeof p === "string" && p.includes(recordedId) ? p.replaceAll(recordedId, requestId) : p));
}

/** The subset of postgres.js the replay uses (a pool or a transaction's client). */
interface Client {
  unsafe(query: string, parameters: never, options: { prepare: boolean }): PromiseLike<Record<string, unknown>[]>;
}
interface Pool extends Client {
  begin<T>(callback: (tx: Client) => Promise<T>): PromiseLike<T>;
}

/** Sends a plan's statements as the app does, prepared (packages/db: preparingEveryQuery); the rows of each but the session's. */
export async function replay(pool: Pool, plan: SameSqlPlan, urlRequestId?: string): Promise<unknown[]> {
  let requestId = plan.requestIdFrom === "url" ? urlRequestId : undefined;
  const run = async (client: Client, index: number) => {
    const statement = plan.statements[index]!;
    const rows = await client.unsafe(statement.text, bindParams(statement.params, plan.requestId, requestId) as never, {
      prepare: true,
    });
    if (index === plan.mustMatchRow && rows.length === 0) throw new SameSqlRefusal();
    if (typeof plan.requestIdFrom === "object" && plan.requestIdFrom?.returnedBy === index)
      requestId = String(rows[0]!.id);
    return rows;
  };
  const runFrom = async (client: Client, from: number, to: number) => {
    const results: unknown[] = [];
    if (plan.sideBySideFrom !== null && plan.sideBySideFrom <= from) {
      const indexes = Array.from({ length: to - from }, (_, i) => from + i);
      return Promise.all(indexes.map((i) => run(client, i)));
    }
    for (let i = from; i < to; i++) results.push(await run(client, i));
    return results;
  };
  const end = plan.statements.length;
  const split = plan.transactionFrom ?? plan.sideBySideFrom ?? end;
  await runFrom(pool, 0, split);
  if (plan.transactionFrom === null) return runFrom(pool, split, end);
  return pool.begin((tx) => runFrom(tx, split, end));
}

/** A replayed conditional change matched no row: the app would refuse the call (409). */
export class SameSqlRefusal extends Error {
  constructor() {
    super("the conditional change matched no row");
  }
}
