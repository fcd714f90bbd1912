/**
 * Issue 5's authorization sweep: every procedure is called anonymously, by a neighbour outside the
 * group, and by a member who is not the owner. Each must answer as its rule says, and never 5xx.
 * A procedure missing from SWEEP fails the first test, so new procedures cannot skip the sweep.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  anonymousAnswerProblem,
  buildSweepWorld,
  callProcedure as call,
  SWEEP,
  type Entry,
  type World,
} from "../src/authorization-table";
import { procedureCatalog } from "../src/procedure-catalog";
import { useHarness, type Caller } from "./support";

const procedures = new Map(procedureCatalog.map((entry) => [entry.path, entry]));

const h = useHarness({ scope: "file" });
let world: World;
let outsider: Caller;
let member: Caller;
let anonymous: Caller;
beforeAll(async () => {
  const built = await buildSweepWorld(h);
  world = built.world;
  outsider = built.outsider.caller;
  member = built.member.caller;
  anonymous = await h.caller();
}, 120_000);

describe("the authorization sweep over every tRPC procedure", () => {
  it("covers every procedure there is", () => {
    expect([...procedures.keys()].filter((p) => !SWEEP[p])).toEqual([]);
    expect(Object.keys(SWEEP).filter((p) => !procedures.has(p))).toEqual([]);
  });

  it.each(Object.keys(SWEEP))("%s: anonymous callers are refused unless its meta says public", async (path) => {
    const result = await call(anonymous, path, SWEEP[path]!.input?.(world));
    expect(anonymousAnswerProblem(procedures.get(path)!.meta.public === true, result)).toBeNull();
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
