import { describe, expect, it, vi } from "vitest";
import type { Database, Executor } from "./client";
import { perDatabase, preparedStatement } from "./prepared-queries";

describe("perDatabase", () => {
  it("builds a database's queries on first use and reuses them after", () => {
    const build = vi.fn((db: Database) => ({ builtFor: db }));
    const queries = perDatabase(build);
    const [first, second] = [{} as Database, {} as Database];

    expect(queries(first).builtFor).toBe(first);
    expect(queries(first)).toBe(queries(first));
    expect(queries(second).builtFor).toBe(second);
    expect(build).toHaveBeenCalledTimes(2);
  });
});

describe("preparedStatement", () => {
  const executorOn = (dialect: object, client: object) =>
    ({ _: { session: { dialect, client } } }) as unknown as Executor;

  it("builds once per database and runs on the connection of whichever executor it is given", () => {
    const [dialect, otherDialect] = [{}, {}];
    const [pool, transaction, otherPool] = [{ pool: 1 }, { transaction: 1 }, { pool: 2 }];
    const build = vi.fn((executor: Executor) => ({
      client: (executor._.session as unknown as { client: object }).client,
      text: "select 1",
    }));
    const statement = preparedStatement(build);

    const inTransaction = statement(executorOn(dialect, transaction));
    const onPool = statement(executorOn(dialect, pool));
    expect(inTransaction.client).toBe(transaction);
    expect(onPool.client).toBe(pool);
    expect(onPool.text).toBe("select 1");
    expect(statement(executorOn(dialect, transaction))).toBe(inTransaction);
    expect(statement(executorOn(otherDialect, otherPool)).client).toBe(otherPool);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
