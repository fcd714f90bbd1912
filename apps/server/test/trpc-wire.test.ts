import {
  appRouter,
  catalogEntry,
  createCaller,
  createContextInner,
  procedureCatalog,
  resolveSession,
  type RouterOutputs,
} from "@hyn/api";
import { buildSweepWorld, SWEEP, SWEEP_ADMIN_EMAIL } from "@hyn/api/testing";
import { messages } from "@hyn/validators";
import superjson from "superjson";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { postRequest } from "./support/rest";
import { hoursAfter } from "./support/time";
import { batchUrl, bearerFor, createTestApp, groupOf, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type BatchItem = { result?: { data: unknown }; error?: unknown };

/** A GET batch, read as the client reads it: plain JSON (ADR 0033). */
async function batchGet(headers: Record<string, string>, calls: { path: string; input?: unknown }[]) {
  const response = await app.server.inject({ method: "GET", url: batchUrl(calls), headers });
  return (response.json() as BatchItem[]).map((item) =>
    item.result ? { data: item.result.data } : { error: item.error },
  );
}

/**
 * Ann, a member of a group "Elm.Street", with a request posted there through REST; Olga, in no group.
 */
async function memberWithGroup(env: Record<string, string>) {
  app = await createTestApp(env);
  const ann = await bearerFor(app, "ann@example.com");
  const olga = await bearerFor(app, "olga@example.com");
  const groupId = await groupOf(app, ann, [], "Elm.Street");
  const neededBy = hoursAfter(app.clock, 24);
  const posted = await postRequest(app, ann, { itemDescription: "Milk", groupId, neededBy: neededBy.toISOString() });
  expect(posted.statusCode).toBe(201);
  return { ann, olga, groupId, neededBy };
}

/**
 * Without the answer cache, which reads tRPC's streamed answers into a string on a miss: then only our
 * path sends a Content-Length, which tells which path answered.
 */
const WITHOUT_ANSWER_CACHE = { REQUIRE_EMAIL_CONFIRMATION: "false", ANSWER_CACHE_MB: "0" };

describe("tRPC answers on the wire", () => {
  it("arrive as plain JSON: times as the ISO text their schema declares, errors with the spec's text", async () => {
    const { ann, olga, groupId, neededBy } = await memberWithGroup({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const group = { id: groupId };

    const [dashboard, list] = await batchGet(ann.headers, [
      { path: "requests.dashboard" },
      { path: "requests.forGroup", input: { groupId: group!.id } },
    ]);
    const answer = dashboard!.data as RouterOutputs["requests"]["dashboard"];
    expect(answer.myRequests[0]!.neededBy).toBe(neededBy.toISOString());
    expect(answer.myRequests[0]!.claimedAt).toBeNull();
    expect(answer.groups[0]!.joinedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(answer.groups[0]!.name).toBe("Elm.Street");
    expect(answer.serverTime).toBe(app.clock.now().toISOString());
    expect((list!.data as RouterOutputs["requests"]["forGroup"]).requests[0]!.neededBy).toBe(neededBy.toISOString());
    // What the wire carries is what the output schema makes of the answer (its times' `isoDateTime`).
    const schema = catalogEntry("requests.dashboard")!.output!;
    expect(schema.parse(z.encode(schema, answer))).toEqual(answer);

    const [refused] = await batchGet(olga.headers, [{ path: "requests.forGroup", input: { groupId: group!.id } }]);
    expect(refused).toMatchObject({ error: { message: messages.notMember, data: { code: "FORBIDDEN" } } });
  });
});

/**
 * The same call answered by our path and by tRPC's own handler (`trpc-accept: application/json` asks
 * for tRPC's ordinary JSON answer and sends the call past ours).
 */
async function bothWays(url: string, headers: Record<string, string>) {
  const ours = await app.server.inject({ method: "GET", url, headers });
  const trpcs = await app.server.inject({
    method: "GET",
    url,
    headers: { ...headers, "trpc-accept": "application/json" },
  });
  return { ours, trpcs };
}

/** The headers that describe an answer; Fastify adds a charset to a JSON string's type, tRPC's Response has none. */
const describing = (headers: Record<string, unknown>) => [
  String(headers["content-type"]).split(";")[0],
  headers.vary,
  headers["retry-after"],
];

describe("batched queries sent by GET", () => {
  it("are answered by our path exactly as tRPC's handler answers them: answers, errors, mixed batches", async () => {
    const { ann, olga, groupId } = await memberWithGroup(WITHOUT_ANSWER_CACHE);
    const cases: { calls: { path: string; input?: unknown }[]; headers: Record<string, string>; status: number }[] = [
      {
        calls: [{ path: "requests.dashboard" }, { path: "requests.forGroup", input: { groupId } }],
        headers: ann.headers,
        status: 200,
      },
      { calls: [{ path: "requests.forGroup", input: { groupId } }], headers: olga.headers, status: 403 },
      {
        calls: [{ path: "requests.dashboard" }, { path: "requests.forGroup", input: { groupId } }],
        headers: { ...olga.headers, "accept-language": "de" },
        status: 207,
      },
      { calls: [{ path: "requests.dashboard" }], headers: {}, status: 401 },
      { calls: [{ path: "requests.forGroup", input: { groupId: "not-a-group" } }], headers: ann.headers, status: 400 },
    ];
    for (const { calls, headers, status } of cases) {
      const { ours, trpcs } = await bothWays(batchUrl(calls), headers);
      expect(ours.statusCode).toBe(status);
      expect(ours.statusCode).toBe(trpcs.statusCode);
      expect(ours.body).toBe(trpcs.body);
      expect(describing(ours.headers)).toEqual(describing(trpcs.headers));
      // Ours sends one string with its length; tRPC's handler streams its web Response.
      expect(ours.headers["content-length"]).toBe(String(Buffer.byteLength(ours.body)));
      expect(trpcs.headers["content-length"]).toBeUndefined();
    }
  });

  it("leave to tRPC's handler what they do not answer: mutations, unknown paths, unreadable input, single calls", async () => {
    const { ann } = await memberWithGroup(WITHOUT_ANSWER_CACHE);
    for (const url of [
      batchUrl([{ path: "requests.claim", input: { id: "x" } }]),
      batchUrl([{ path: "requests.dashboard" }, { path: "requests.nothingHere" }]),
      "/trpc/requests.dashboard?batch=1&input=%7Bnot%20json",
      "/trpc/requests.dashboard",
    ]) {
      const { ours, trpcs } = await bothWays(url, ann.headers);
      expect(ours.statusCode).toBe(trpcs.statusCode);
      expect(ours.body).toBe(trpcs.body);
      expect(ours.headers["content-length"]).toBeUndefined();
    }
  });

  it("answer every query procedure of the catalog, a Date input and repeated keys as tRPC's handler does", async () => {
    app = await createTestApp({ ...WITHOUT_ANSWER_CACHE, ADMIN_EMAILS: SWEEP_ADMIN_EMAIL });
    let n = 0;
    const signUpUser = async (options: { email?: string }) => {
      const email = options.email ?? `wire-${++n}@example.com`;
      const { token, userId } = await bearerFor(app, email);
      const session = await resolveSession(app.services, token);
      return {
        user: { id: userId },
        email,
        token,
        caller: createCaller(createContextInner({ services: app.services, session })),
      };
    };
    const { world, member } = await buildSweepWorld({ signUpUser });
    const headers = { authorization: `Bearer ${member.token}` };
    // Every query the router holds (its own record, not a list kept by hand), which the catalog lists too.
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const routerQueries = Object.entries(procedures)
      .filter(([, procedure]) => procedure._def.type === "query")
      .map(([path]) => path)
      .sort();
    const queries = procedureCatalog.filter((entry) => entry.type === "query");
    expect(queries.map((entry) => entry.path).sort()).toEqual(routerQueries);
    const calls = queries.map((entry) => ({ path: entry.path, input: SWEEP[entry.path]?.input?.(world) }));
    expect(calls.length).toBeGreaterThan(40);
    const byId = { path: "requests.byId", input: { id: world.openRequestId } };
    const [path, query] = batchUrl([byId]).split("?") as [string, string];
    // Two calls' input cut at the comma between them: joined again with one, it reads as JSON.
    const twoInputs = JSON.stringify({ 0: superjson.serialize(byId.input), 1: superjson.serialize(byId.input) });
    const cut = twoInputs.indexOf(',"1":');
    const [first, rest] = [twoInputs.slice(0, cut), twoInputs.slice(cut + 1)].map(encodeURIComponent);
    const urls = [
      ...calls.map((call) => batchUrl([call])),
      // All of them in one batch, as a page that reads many things at once.
      batchUrl(calls),
      // A Date where an id belongs: superjson's meta says so, and both read it the same.
      batchUrl([{ path: "requests.byId", input: { id: new Date("2027-06-14T15:30:00Z") } }]),
      batchUrl([{ path: "requests.mine", input: { cursor: new Date("2027-06-14T15:30:00Z") } }]),
      // Keys given twice.
      `${path}?${query}&${query.split("&")[1]}`,
      `${path}?batch=1&${query}`,
      `${path}?${query}&input=${encodeURIComponent("{}")}`,
      `/trpc/requests.byId,requests.byId?batch=1&input=${first}&input=${rest}`,
    ];
    const answered: string[] = [];
    for (const url of urls) {
      const { ours, trpcs } = await bothWays(url, headers);
      expect([ours.statusCode, ours.body], url).toEqual([trpcs.statusCode, trpcs.body]);
      expect(describing(ours.headers), url).toEqual(describing(trpcs.headers));
      if (ours.statusCode === 200)
        answered.push(...decodeURIComponent(url.split("?")[0]!.slice("/trpc/".length)).split(","));
    }
    // Compared on real answers, not only on two equal refusals: every query the sweep's member may read
    // (the authorization table's "allowed" and "own") was answered both ways.
    const readable = queries.filter((entry) => ["allowed", "own"].includes(SWEEP[entry.path]?.member ?? ""));
    expect(readable.length).toBeGreaterThan(20);
    expect(readable.map((entry) => entry.path).filter((path) => !answered.includes(path))).toEqual([]);
  }, 120_000);
});
