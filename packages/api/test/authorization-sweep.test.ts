/**
 * Issue 5's authorization sweep: every procedure is called anonymously, by a neighbour outside the
 * group, by a member who is not the owner, and (issue 38) by a member with a block between them and
 * the owner, either way. Each must answer as its rule says, and never 5xx.
 * A procedure missing from SWEEP fails the first test, so new procedures cannot skip the sweep.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  anonymousAnswerProblem,
  BLOCK_DIRECTIONS,
  buildSweepWorld,
  callProcedure as call,
  liftBlocks,
  ownersContentIn,
  placeBlock,
  SWEEP,
  type CallResult,
  type Entry,
  type Expect,
  type SweepUser,
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
let owner: SweepUser;
let neighbour: SweepUser;
beforeAll(async () => {
  const built = await buildSweepWorld(h);
  world = built.world;
  outsider = built.outsider.caller;
  member = built.member.caller;
  owner = built.owner;
  neighbour = built.neighbour;
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

  // Before the member's sweep, which claims and takes the owner's content: here it is still all there to refuse.
  for (const direction of BLOCK_DIRECTIONS) {
    it.each(Object.keys(SWEEP).filter((p) => SWEEP[p]!.blocked !== "skip"))(`%s as ${direction}`, async (path) => {
      const entry = SWEEP[path]!;
      await placeBlock(direction, owner, neighbour);
      try {
        const result = await call(neighbour.caller, path, entry.input?.(world));
        expectAnswer(path, entry.blocked, result);
        if (result.ok) expect(ownersContentIn(world, JSON.stringify(result.value) ?? "")).toEqual([]);
      } finally {
        await liftBlocks(owner, neighbour);
      }
    });
  }

  for (const [role, pick] of [
    ["a neighbour outside the group", (e: Entry) => e.outsider],
    ["a member who is not the owner", (e: Entry) => e.member],
  ] as const) {
    it.each(Object.keys(SWEEP).filter((p) => pick(SWEEP[p]!) !== "skip"))(`%s as ${role}`, async (path) => {
      const entry = SWEEP[path]!;
      const caller = role.startsWith("a neighbour") ? outsider : member;
      expectAnswer(path, pick(entry), await call(caller, path, entry.input?.(world)));
    });
  }
});

function expectAnswer(path: string, expectation: Expect, result: CallResult) {
  if (expectation === "denied" || expectation === "conflict") {
    expect(result.ok, `${path} should be refused`).toBe(false);
    const codes = expectation === "denied" ? ["FORBIDDEN", "NOT_FOUND"] : ["CONFLICT"];
    expect(codes).toContain((result as { code: string }).code);
  } else {
    expect(result.ok ? "ok" : result, `${path} should succeed`).toBe("ok");
  }
}
