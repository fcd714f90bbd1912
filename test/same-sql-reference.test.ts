import { describe, expect, it } from "vitest";
import { bindParams, replay, sameSqlPlan, SameSqlRefusal } from "../bench/src/same-sql";

const session = { text: 'select "sessions"."expires_at" from "sessions" inner join "users" on x', params: ["token"] };
const recordedId = "11111111-1111-1111-1111-111111111111";
const newId = "22222222-2222-2222-2222-222222222222";

/** A stand-in for postgres.js that logs what is sent, where, and answers from `rows`. */
function fakePool(rows: (text: string) => Record<string, unknown>[] = () => [{ id: newId }]) {
  const sent: { text: string; params: unknown[]; in: "pool" | "tx" }[] = [];
  const client = (where: "pool" | "tx") => ({
    unsafe: async (text: string, params: unknown[], options: { prepare: boolean }) => {
      expect(options.prepare).toBe(true);
      sent.push({ text, params, in: where });
      return rows(text);
    },
  });
  return {
    sent,
    pool: {
      ...client("pool"),
      begin: async <T>(callback: (tx: never) => Promise<T>) => callback(client("tx") as never),
    },
  };
}

describe("the same-SQL reference of the benchmark (issue 31)", () => {
  it("sends a create's statements after the session in one transaction, with the id its INSERT returns", async () => {
    const plan = sameSqlPlan(
      "create",
      [
        session,
        { text: 'insert into "requests" ("id") values (default) returning "id"', params: ["Milk"] },
        { text: "select pg_notify($1, $2)", params: ["events", `{"requestId":"${recordedId}"}`] },
      ],
      recordedId,
    );
    const { sent, pool } = fakePool();
    await replay(pool, plan);
    expect(sent.map((s) => s.in)).toEqual(["pool", "tx", "tx"]);
    expect(sent[2]!.params).toEqual(["events", `{"requestId":"${newId}"}`]);
  });

  it("puts the URL's request in place of the recorded one, and refuses when the UPDATE matches nothing", async () => {
    const plan = sameSqlPlan(
      "claim",
      [session, { text: 'update "requests" set x where "id" = $1 returning "id"', params: [recordedId] }],
      recordedId,
    );
    const { sent, pool } = fakePool();
    await replay(pool, plan, newId);
    expect(sent[1]).toEqual({ text: plan.statements[1]!.text, params: [newId], in: "tx" });
    await expect(replay(fakePool(() => []).pool, plan, newId)).rejects.toBeInstanceOf(SameSqlRefusal);
  });

  it("refuses a recording whose shape is not the app's path as this module states it", () => {
    expect(() => sameSqlPlan("dashboard", [session, session])).toThrow(/four reads/);
    expect(() => sameSqlPlan("unclaim", [{ text: "select 1", params: [] }], recordedId)).toThrow(/session lookup/);
  });

  it("leaves parameters alone when the call is about the recorded request", () => {
    const params = [recordedId, 1, null];
    expect(bindParams(params, recordedId, recordedId)).toBe(params);
    expect(bindParams(params, recordedId, newId)).toEqual([newId, 1, null]);
  });
});
