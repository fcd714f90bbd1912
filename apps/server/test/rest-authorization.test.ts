/**
 * The authorization sweep again, through REST: every route is called anonymously, as a neighbour
 * outside the group, as a member with a block between them and the owner (either way) and as a
 * non-owner member, with the sweep table's expectation for its procedure.
 */
import { createCaller, createContextInner, resolveSession } from "@hyn/api";
import {
  BLOCK_DIRECTIONS,
  buildSweepWorld,
  liftBlocks,
  ownersContentIn,
  placeBlock,
  SWEEP,
  type SweepExpect as Expect,
  type SweepUser,
  type SweepWorld,
} from "@hyn/api/testing";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes, type RestRoute } from "../src/rest/routes";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
let world: SweepWorld;
let outsiderHeaders: Record<string, string>;
let memberHeaders: Record<string, string>;
let owner: SweepUser & { token: string };
let neighbour: SweepUser & { token: string };

beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
  let n = 0;
  const signUpUser = async (options: { name?: string } = {}) => {
    n++;
    const email = `rest-sweep-${n}@example.com`;
    const { token, userId } = await bearerFor(app, email);
    const session = await resolveSession(app.services, token);
    const caller = createCaller(createContextInner({ services: app.services, session }));
    return { user: { id: userId, name: options.name ?? email }, email, token, caller };
  };
  const built = await buildSweepWorld({ signUpUser });
  world = built.world;
  owner = built.owner;
  neighbour = built.neighbour;
  outsiderHeaders = { authorization: `Bearer ${built.outsider.token}` };
  memberHeaders = { authorization: `Bearer ${built.member.token}` };
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** The route's URL and body for the sweep's input: path parameters come out of the input. */
function requestFor(route: RestRoute, input: Record<string, unknown>) {
  const value = (name: string) =>
    String(name === "id" ? (input[route.renameParams?.id ?? "id"] ?? input.groupId ?? input.id) : input[name]);
  const url = `/api${route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(value(name)))}`;
  const hasBody = route.method === "POST" || route.method === "PUT";
  return { method: route.method, url, ...(hasBody ? { payload: JSON.parse(JSON.stringify(input)) as object } : {}) };
}

const sweepable = restRoutes.filter((r) => SWEEP[r.procedure]);

describe("the authorization sweep over every REST route", () => {
  it("has an expectation for every route's procedure", () => {
    expect(restRoutes.filter((r) => !SWEEP[r.procedure]).map((r) => r.procedure)).toEqual([]);
  });

  it.each(sweepable.map((r) => [`${r.method} ${r.path}`, r] as const))("%s", async (_name, route) => {
    const entry = SWEEP[route.procedure]!;
    const input = (entry.input?.(world) ?? {}) as Record<string, unknown>;

    const anonymous = await app.server.inject(requestFor(route, input));
    expect(anonymous.statusCode, anonymous.body).toBeLessThan(500);
    if (!route.public)
      expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: messages.noAuthenticatedUser }]);

    // Before the member's call, which may claim or take the owner's content: here it is still there to refuse.
    for (const direction of BLOCK_DIRECTIONS) {
      if (entry.blocked === "skip") continue;
      await placeBlock(direction, owner, neighbour);
      try {
        const headers = { authorization: `Bearer ${neighbour.token}` };
        const response = await app.server.inject({ ...requestFor(route, input), headers });
        expectStatus(`${route.method} ${route.path} as ${direction}`, entry.blocked, response);
        expect(ownersContentIn(world, response.body), `${route.method} ${route.path}`).toEqual([]);
      } finally {
        await liftBlocks(owner, neighbour);
      }
    }

    for (const [expectation, headers] of [
      [entry.outsider, outsiderHeaders],
      [entry.member, memberHeaders],
    ] as const) {
      if (expectation === "skip") continue;
      const response = await app.server.inject({ ...requestFor(route, input), headers });
      expectStatus(`${route.method} ${route.path}`, expectation, response);
    }
  });
});

function expectStatus(name: string, expectation: Expect, response: { statusCode: number; body: string }) {
  if (expectation === "denied") expect([403, 404], `${name}: ${response.body}`).toContain(response.statusCode);
  else if (expectation === "conflict") expect(response.statusCode, `${name}: ${response.body}`).toBe(409);
  else expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
}
