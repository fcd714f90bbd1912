/**
 * Issue 5's authorization sweep: every procedure is called anonymously, by a neighbour outside the
 * group, and by a member who is not the owner. Each must answer as its rule says, and never 5xx.
 * A procedure missing from SWEEP fails the first test, so new procedures cannot skip the sweep.
 */
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSweepWorld, SWEEP, type Entry, type World } from "../src/authorization-table";
import { appRouter } from "../src/root";
import { createHarness, type Harness } from "../src/testing";

const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures;

type Caller = Awaited<ReturnType<Harness["caller"]>>;
async function call(caller: Caller, path: string, input: unknown): Promise<{ ok: true } | { ok: false; code: string }> {
  let fn: unknown = caller;
  for (const key of path.split(".")) fn = (fn as Record<string, unknown>)[key];
  try {
    const result = await (fn as (i: unknown) => Promise<unknown>)(input);
    // A subscription returns an iterable; reading it is what starts the procedure's checks.
    if (result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
      await (result as AsyncIterator<unknown>).next?.();
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof TRPCError) return { ok: false, code: error.code };
    throw error;
  }
}

let h: Harness;
let world: World;
let outsider: Caller;
let member: Caller;
let anonymous: Caller;
beforeAll(async () => {
  h = await createHarness();
  const built = await buildSweepWorld(h);
  world = built.world;
  outsider = built.outsider.caller;
  member = built.member.caller;
  anonymous = await h.caller();
}, 120_000);
afterAll(async () => {
  await h.close();
});

describe("the authorization sweep over every tRPC procedure", () => {
  it("covers every procedure there is", () => {
    expect(Object.keys(procedures).filter((p) => !SWEEP[p])).toEqual([]);
    expect(Object.keys(SWEEP).filter((p) => !procedures[p])).toEqual([]);
  });

  it.each(Object.keys(SWEEP))("%s: anonymous callers are refused unless it is public", async (path) => {
    const entry = SWEEP[path]!;
    const result = await call(anonymous, path, entry.input?.(world));
    if (entry.public) {
      if (!result.ok) expect(result.code).not.toBe("INTERNAL_SERVER_ERROR");
    } else {
      expect(result).toEqual({ ok: false, code: "UNAUTHORIZED" });
    }
  });

  for (const [role, pick] of [
    ["a neighbour outside the group", (e: Entry) => e.outsider],
    ["a member who is not the owner", (e: Entry) => e.member],
  ] as const) {
    it.each(Object.keys(SWEEP).filter((p) => pick(SWEEP[p]!) !== "skip"))(`%s as ${role}`, async (path) => {
      const entry = SWEEP[path]!;
      const caller = role.startsWith("a neighbour") ? outsider : member;
      const result = await call(caller, path, entry.input?.(world));
      if (pick(entry) === "denied") {
        expect(result.ok, `${path} should be refused`).toBe(false);
        expect(["FORBIDDEN", "NOT_FOUND"]).toContain((result as { code: string }).code);
      } else {
        expect(result, `${path} should succeed`).toEqual({ ok: true });
      }
    });
  }
});
