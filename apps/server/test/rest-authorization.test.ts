/**
 * The authorization sweep again, through REST: every route is called anonymously, as a neighbour
 * outside the group, as a member with a block between them and the owner (either way), as a member
 * the owner removed, a member an admin suspended, an admin outside the group and a non-owner member,
 * with the sweep table's expectation for its procedure; and every query again through tRPC's GET fast
 * path. The removed and the suspended member read every GET route and query while still members, so an
 * answer the cache kept from then is proven not to outlive the change.
 */
import { createCaller, createContextInner, procedureCatalog, resolveSession } from "@hyn/api";
import {
  BLOCK_DIRECTIONS,
  buildSweepWorld,
  expectationFor,
  liftBlocks,
  ownersContentIn,
  placeBlock,
  SWEEP,
  SWEEP_ADMIN_EMAIL,
  SWEEP_ROLES,
  type SweepExpect as Expect,
  type SweepRole,
  type SweepUser,
  type SweepWorld,
} from "@hyn/api/testing";
import { createSession } from "@hyn/core";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes, type RestRoute } from "../src/rest/routes";
import { batchUrl, bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
let world: SweepWorld;
let owner: SweepUser & { token: string };
let neighbour: SweepUser & { token: string };
let suspendedEmail: string;
const headersOf = {} as Record<SweepRole, Record<string, string>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const metaOf = new Map(procedureCatalog.map((entry) => [entry.path, entry.meta]));

beforeAll(async () => {
  app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false", ADMIN_EMAILS: SWEEP_ADMIN_EMAIL });
  let n = 0;
  const signUpUser = async (options: { name?: string; email?: string } = {}) => {
    n++;
    const email = options.email ?? `rest-sweep-${n}@example.com`;
    const { token, userId } = await bearerFor(app, email);
    const session = await resolveSession(app.services, token);
    const caller = createCaller(createContextInner({ services: app.services, session }));
    return { user: { id: userId, name: options.name ?? email }, email, token, caller };
  };
  const built = await buildSweepWorld(
    { signUpUser },
    {
      // Every GET route read as the two who are about to depart, so the answer cache holds what they saw.
      whileMembers: async (w, departing) => {
        for (const route of sweepable.filter((r) => r.method === "GET"))
          for (const who of [departing.removed, departing.suspended])
            await app.server.inject({ ...requestFor(route, inputOf(route, w)), headers: bearer(who.token) });
        // And every query through tRPC's GET fast path, which the cache answers too.
        for (const query of procedureCatalog.filter((entry) => entry.type === "query")) {
          const input = SWEEP[query.path]!.input?.(w);
          const url = batchUrl([{ path: query.path, ...(input === undefined ? {} : { input }) }]);
          for (const who of [departing.removed, departing.suspended])
            await app.server.inject({ method: "GET", url, headers: bearer(who.token) });
        }
      },
    },
  );
  world = built.world;
  owner = built.owner;
  neighbour = built.neighbour;
  suspendedEmail = built.suspended.email;
  // The suspension ended the sessions it found; this one stands for a sign-in that raced it.
  const raced = await createSession(app.db, built.suspended.user.id, app.clock.now());
  Object.assign(headersOf, {
    outsider: bearer(built.outsider.token),
    member: bearer(built.member.token),
    removed: bearer(built.removed.token),
    admin: bearer(built.admin.token),
    suspended: bearer(raced.token),
  });
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
const inputOf = (route: RestRoute, w: SweepWorld) =>
  (SWEEP[route.procedure]!.input?.(w) ?? {}) as Record<string, unknown>;

describe("the authorization sweep over every REST route", () => {
  it("has an expectation for every route's procedure", () => {
    expect(restRoutes.filter((r) => !SWEEP[r.procedure]).map((r) => r.procedure)).toEqual([]);
  });

  it("refuses the suspended member's sign-in with the suspension's words", async () => {
    const signIn = await app.server.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { email: suspendedEmail, password: "a-good-secret-1" },
    });
    expect([signIn.statusCode, signIn.json()]).toEqual([403, { error: messages.accountSuspended }]);
  });

  it.each(sweepable.map((r) => [`${r.method} ${r.path}`, r] as const))("%s", async (_name, route) => {
    const entry = SWEEP[route.procedure]!;
    const input = inputOf(route, world);

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

    // The member comes last, as their calls claim and take the owner's content.
    for (const role of SWEEP_ROLES) {
      const expectation = expectationFor(role, entry, metaOf.get(route.procedure)!);
      if (expectation === "skip") continue;
      const response = await app.server.inject({ ...requestFor(route, input), headers: headersOf[role] });
      expectStatus(`${route.method} ${route.path} as ${role}`, expectation, response);
    }
  });
});

// The web app reads through tRPC's GET fast path (ADR 0032), answered apart from tRPC's handler and
// partly from the answer cache: every query again there, by every role. Its mutations go by POST to
// tRPC's own handler, which calls the procedures the tRPC sweep calls.
describe("the authorization sweep over every query through tRPC's GET fast path", () => {
  const queries = procedureCatalog.filter((entry) => entry.type === "query");
  it.each(queries.map((entry) => [entry.path, entry] as const))("%s", async (path, procedure) => {
    const entry = SWEEP[path]!;
    const input = entry.input?.(world);
    const request = { method: "GET" as const, url: batchUrl([{ path, ...(input === undefined ? {} : { input }) }]) };
    const anonymous = await app.server.inject(request);
    expect(anonymous.statusCode, anonymous.body).toBeLessThan(500);
    if (!procedure.meta.public) expect(anonymous.statusCode, anonymous.body).toBe(401);
    for (const direction of BLOCK_DIRECTIONS) {
      if (entry.blocked === "skip") continue;
      await placeBlock(direction, owner, neighbour);
      try {
        const response = await app.server.inject({ ...request, headers: bearer(neighbour.token) });
        expectStatus(`${path} as ${direction}`, entry.blocked, response);
        expect(ownersContentIn(world, response.body), path).toEqual([]);
      } finally {
        await liftBlocks(owner, neighbour);
      }
    }
    for (const role of SWEEP_ROLES) {
      const expectation = expectationFor(role, entry, procedure.meta);
      if (expectation === "skip") continue;
      const response = await app.server.inject({ ...request, headers: headersOf[role] });
      if (expectation === "signed out") expect(response.statusCode, `${path} as ${role}`).toBe(401);
      else expectStatus(`${path} as ${role}`, expectation, response);
    }
  });
});

function expectStatus(
  name: string,
  expectation: Expect | "signed out",
  response: { statusCode: number; body: string },
) {
  if (expectation === "signed out")
    expect([response.statusCode, response.body], name).toEqual([
      401,
      JSON.stringify({ error: messages.noAuthenticatedUser }),
    ]);
  else if (expectation === "denied") expect([403, 404], `${name}: ${response.body}`).toContain(response.statusCode);
  else if (expectation === "conflict") expect(response.statusCode, `${name}: ${response.body}`).toBe(409);
  else expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
}
