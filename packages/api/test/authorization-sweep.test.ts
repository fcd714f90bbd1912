/**
 * Issue 5's authorization sweep: every procedure is called anonymously, by a neighbour outside the
 * group, by a member who is not the owner, (issue 38) by a member with a block between them and the
 * owner, either way, and by a member the owner removed, a member an admin suspended and an admin in
 * none of the world's groups. Each must answer as its rule says, and never 5xx.
 * A procedure missing from SWEEP fails the first test, so new procedures cannot skip the sweep.
 */
import { createSession } from "@hyn/core";
import { messages } from "@hyn/validators";
import { beforeAll, describe, expect, it } from "vitest";
import {
  anonymousAnswerProblem,
  BLOCK_DIRECTIONS,
  buildSweepWorld,
  callProcedure as call,
  expectationFor,
  liftBlocks,
  ownersContentIn,
  placeBlock,
  SWEEP,
  SWEEP_ADMIN_EMAIL,
  SWEEP_ROLES,
  type CallResult,
  type Expect,
  type SweepRole,
  type SweepUser,
  type World,
} from "../src/authorization-table";
import { procedureCatalog } from "../src/procedure-catalog";
import { TEST_PASSWORD, useHarness, type Caller } from "./support";

const procedures = new Map(procedureCatalog.map((entry) => [entry.path, entry]));

const h = useHarness({ scope: "file", config: { adminEmails: new Set([SWEEP_ADMIN_EMAIL]) } });
let world: World;
let anonymous: Caller;
let owner: SweepUser;
let neighbour: SweepUser;
let suspendedEmail: string;
const callers = {} as Record<SweepRole, Caller>;
beforeAll(async () => {
  const built = await buildSweepWorld(h);
  world = built.world;
  owner = built.owner;
  neighbour = built.neighbour;
  anonymous = await h.caller();
  suspendedEmail = built.suspended.email;
  // The suspension ended the sessions it found; this one stands for a sign-in that raced it (PRODUCT
  // "Suspension"), so what refuses it is the account's state, not a session missing.
  const raced = await createSession(h.db, built.suspended.user.id, h.clock.now());
  Object.assign(callers, {
    outsider: built.outsider.caller,
    member: built.member.caller,
    removed: built.removed.caller,
    admin: built.admin.caller,
    suspended: await h.caller(raced.token),
  });
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

  it("knows each role for what it is: the removed member is out, the suspended account cannot sign in, the admin is one", async () => {
    const groups = async (role: SweepRole) => (await callers[role].groups.list()).map((group) => group.id);
    expect(await groups("member")).toContain(world.groupId);
    expect(await groups("removed")).not.toContain(world.groupId);
    expect(await groups("admin")).not.toContain(world.groupId);
    const signIn = await call(anonymous, "auth.signIn", { email: suspendedEmail, password: TEST_PASSWORD });
    expect(signIn).toEqual({ ok: false, code: "FORBIDDEN" });
    await expect(anonymous.auth.signIn({ email: suspendedEmail, password: TEST_PASSWORD })).rejects.toThrow(
      messages.accountSuspended,
    );
    expect((await callers.admin.user.current()).isAdmin).toBe(true);
  });

  const roleNames: Record<SweepRole, string> = {
    outsider: "a neighbour outside the group",
    removed: "a member the owner removed",
    suspended: "a member an admin suspended",
    admin: "an admin outside the group",
    member: "a member who is not the owner",
  };
  // The member comes last, as their calls claim and take the owner's content.
  for (const role of SWEEP_ROLES) {
    const expected = (path: string) => expectationFor(role, SWEEP[path]!, procedures.get(path)!.meta);
    it.each(Object.keys(SWEEP).filter((p) => expected(p) !== "skip"))(`%s as ${roleNames[role]}`, async (path) => {
      expectAnswer(path, expected(path), await call(callers[role], path, SWEEP[path]!.input?.(world)));
    });
  }

  it("says what the admin gets from every admin procedure, and only there", () => {
    const adminOnes = [...procedures.values()].filter((entry) => entry.meta.admin).map((entry) => entry.path);
    expect(adminOnes).toEqual(expect.arrayContaining(["admin.metrics", "admin.suspendUser", "limits.update"]));
    expect(
      Object.keys(SWEEP)
        .filter((path) => SWEEP[path]!.admin !== undefined)
        .sort(),
    ).toEqual(adminOnes.sort());
  });
});

function expectAnswer(path: string, expectation: Expect | "signed out", result: CallResult) {
  if (expectation === "signed out") {
    expect(result, `${path} should find no session`).toEqual({ ok: false, code: "UNAUTHORIZED" });
  } else if (expectation === "denied" || expectation === "conflict") {
    expect(result.ok, `${path} should be refused`).toBe(false);
    const codes = expectation === "denied" ? ["FORBIDDEN", "NOT_FOUND"] : ["CONFLICT"];
    expect(codes).toContain((result as { code: string }).code);
  } else {
    expect(result.ok ? "ok" : result, `${path} should succeed`).toBe("ok");
  }
}
