import { createCaller, createContextInner, procedureCatalog, resolveSession } from "@hyn/api";
import { buildSweepWorld, SWEEP } from "@hyn/api/testing";
import { messages } from "@hyn/validators";
import superjson from "superjson";
import { afterEach, describe, expect, it } from "vitest";
import { postRequest } from "./support/rest";
import { hoursAfter } from "./support/time";
import { batchUrl, bearerFor, createTestApp, groupOf, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type BatchItem = { result?: { data: unknown }; error?: unknown };

/** A GET batch, read back with superjson as the client does. */
async function batchGet(headers: Record<string, string>, calls: { path: string; input?: unknown }[]) {
  const response = await app.server.inject({ method: "GET", url: batchUrl(calls), headers });
  return (response.json() as BatchItem[]).map((item) =>
    item.result
      ? { data: superjson.deserialize(item.result.data as never) as unknown }
      : { error: superjson.deserialize(item.error as never) as unknown },
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
  it("arrive in superjson's format: the client reads Dates back as Dates, and errors with the spec's text", async () => {
    const { ann, olga, groupId, neededBy } = await memberWithGroup({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const group = { id: groupId };

    const [dashboard, list] = await batchGet(ann.headers, [
      { path: "requests.dashboard" },
      { path: "requests.forGroup", input: { groupId: group!.id } },
    ]);
    const answer = dashboard!.data as {
      myRequests: { neededBy: Date; claimedAt: Date | null }[];
      groups: { name: string; joinedAt: Date }[];
      serverTime: Date;
    };
    expect(answer.myRequests[0]!.neededBy).toEqual(neededBy);
    expect(answer.myRequests[0]!.claimedAt).toBeNull();
    expect(answer.groups[0]!.joinedAt).toBeInstanceOf(Date);
    expect(answer.groups[0]!.name).toBe("Elm.Street");
    expect(answer.serverTime).toEqual(app.clock.now());
    expect((list!.data as { requests: { neededBy: Date }[] }).requests[0]!.neededBy).toEqual(neededBy);

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
    app = await createTestApp(WITHOUT_ANSWER_CACHE);
    let n = 0;
    const signUpUser = async () => {
      const email = `wire-${++n}@example.com`;
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
    const queries = procedureCatalog.filter((entry) => entry.type === "query");
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
    for (const url of urls) {
      const { ours, trpcs } = await bothWays(url, headers);
      expect([ours.statusCode, ours.body], url).toEqual([trpcs.statusCode, trpcs.body]);
      expect(describing(ours.headers), url).toEqual(describing(trpcs.headers));
    }
  }, 120_000);
});
