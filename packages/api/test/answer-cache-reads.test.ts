import { CACHED_ANSWER_READS } from "@hyn/core";
import type { DbHandle, RecordedStatement } from "@hyn/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useHarness, groupWith } from "./support";

const h = useHarness({ scope: "file" });

/** db.execute answers rows on PostgreSQL and `{ rows }` on PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
let reads: Map<string, Set<string>>;

/** Runs a statement through EXPLAIN VERBOSE and gives its plan as JSON. */
async function planOf(handle: DbHandle, statement: RecordedStatement): Promise<unknown> {
  const text = `EXPLAIN (VERBOSE, FORMAT JSON) ${statement.text}`;
  if (handle.pglite)
    return (await handle.pglite.query<{ "QUERY PLAN": unknown }>(text, statement.params)).rows[0]!["QUERY PLAN"];
  const rows = await handle.postgres!.unsafe(text, statement.params as never[]);
  return (rows[0] as Record<string, unknown>)["QUERY PLAN"];
}

/**
 * Every `table.column` a plan reads: each scan names its table and the alias it goes by, and every
 * expression (outputs, filters, conditions, sort keys) names columns as `alias.column`. A scan that
 * hands its parent the whole row (PostgreSQL's "physical target list", under a hash or a sort) lists
 * every column without reading them: what is used of that row shows in the parent's expressions.
 */
function columnsReadBy(plan: unknown, into: Map<string, Set<string>>, columnsOf: Map<string, number>): void {
  const aliases = new Map<string, string>();
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node === "string") return void texts.push(node);
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const relation = record["Relation Name"];
    if (typeof relation === "string") aliases.set(String(record.Alias ?? relation), relation);
    for (const [key, value] of Object.entries(record)) {
      const wholeRow =
        key === "Output" &&
        typeof relation === "string" &&
        Array.isArray(value) &&
        value.length === columnsOf.get(relation);
      if (!wholeRow) walk(value);
    }
  };
  walk(plan);
  for (const text of texts) {
    for (const [, alias, column] of text.matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g)) {
      const table = aliases.get(alias!);
      if (!table) continue;
      if (!into.has(table)) into.set(table, new Set());
      into.get(table)!.add(column!);
    }
  }
}

beforeAll(async () => {
  // A world where every part of the answers has something to show: a request of mine claimed by a
  // neighbour, one of theirs open, limits and memberships.
  const [me, neighbour] = await h.neighbours("Me", "Neighbour");
  const street = await groupWith(h, me, [neighbour]);
  const neededBy = h.inHours(48);
  const mine = await me.caller.requests.create({ groupId: street.id, itemDescription: "Milk", neededBy });
  await neighbour.caller.requests.claim({ id: mine.id });
  await neighbour.caller.requests.create({ groupId: street.id, itemDescription: "Eggs", neededBy });

  const stop = h.handle.recordStatements();
  await me.caller.requests.dashboard();
  await me.caller.requests.forGroup({ groupId: street.id });
  const statements = stop();
  const counts = await h.db.execute<{ table: string; columns: number }>(
    `select table_name as "table", count(*)::int as columns from information_schema.columns where table_schema = 'public' group by table_name` as never,
  );
  const columnsOf = new Map(rowsOf<{ table: string; columns: number }>(counts).map((r) => [r.table, r.columns]));
  reads = new Map();
  for (const statement of statements) {
    if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
    columnsReadBy(await planOf(h.handle, statement), reads, columnsOf);
  }
});

/** The session lookup before every call reads these; it is the answer cache's own check, not part of an answer. */
const NOT_PART_OF_ANSWERS = new Set(["sessions"]);

describe("the answer cache's declared reads", () => {
  it("cover every table and column the cached answers read", () => {
    expect(reads.size).toBeGreaterThan(3);
    const undeclared: string[] = [];
    for (const [table, columns] of reads) {
      if (NOT_PART_OF_ANSWERS.has(table)) continue;
      const declared = CACHED_ANSWER_READS[table];
      for (const column of columns) {
        if (declared === undefined || (declared !== "every change" && !declared.includes(column)))
          undeclared.push(`${table}.${column}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("are each logged by a change-log trigger in the database", async () => {
    const triggers = await h.db.execute<{ table: string; event: string; source: string }>(
      // tgtype bits: 4 INSERT, 8 DELETE, 16 UPDATE (pg_trigger.h).
      `select c.relname as "table", e.event, pg_get_functiondef(t.tgfoid) as source
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
         cross join lateral (values ('insert', 4), ('delete', 8), ('update', 16)) e(event, bit)
        where not t.tgisinternal and (t.tgtype & e.bit) <> 0 and pg_get_functiondef(t.tgfoid) ilike '%insert into change_log%'` as never,
    );
    const rows = rowsOf<{ table: string; event: string; source: string }>(triggers);
    const missing: string[] = [];
    for (const [table, declared] of Object.entries(CACHED_ANSWER_READS)) {
      const on = rows.filter((r) => r.table === table);
      if (declared === "every change") {
        for (const event of ["insert", "update", "delete"])
          if (!on.some((r) => r.event === event)) missing.push(`${table}: ${event}`);
        continue;
      }
      const update = on.find((r) => r.event === "update");
      for (const column of declared) {
        if (column === "id") continue;
        if (!update || !new RegExp(`n\\.${column} IS DISTINCT FROM o\\.${column}`, "i").test(update.source))
          missing.push(`${table}.${column}: update`);
      }
    }
    expect(missing).toEqual([]);
  });
});
