/**
 * The authorization sweep again, through REST: every route is called anonymously, as a neighbour
 * outside the group and as a non-owner member, with the sweep table's expectation for its procedure.
 */
import { createCaller, createContextInner, resolveSession } from "@hyn/api";
import { buildSweepWorld, SWEEP, type SweepWorld } from "@hyn/api/testing";
import { messages } from "@hyn/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes, type RestRoute } from "../src/rest/routes";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
let world: SweepWorld;
let outsiderHeaders: Record<string, string>;
let memberHeaders: Record<string, string>;

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

    for (const [expectation, headers] of [
      [entry.outsider, outsiderHeaders],
      [entry.member, memberHeaders],
    ] as const) {
      if (expectation === "skip") continue;
      const response = await app.server.inject({ ...requestFor(route, input), headers });
      if (expectation === "denied")
        expect([403, 404], `${route.method} ${route.path}: ${response.body}`).toContain(response.statusCode);
      else expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBeLessThan(300);
    }
  });
});
