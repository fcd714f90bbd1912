import { groupMembers, groups } from "@hyn/db";
import { messages } from "@hyn/validators";
import superjson from "superjson";
import { afterEach, describe, expect, it } from "vitest";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

type BatchItem = { result?: { data: unknown }; error?: unknown };

/** A GET batch as the web client's httpBatchLink sends it, read back with superjson as the client does. */
async function batchGet(headers: Record<string, string>, calls: { path: string; input?: unknown }[]) {
  const input = Object.fromEntries(
    calls.map((call, index) => [index, call.input === undefined ? {} : superjson.serialize(call.input)]),
  );
  const url = `/trpc/${calls.map((call) => call.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await app.server.inject({ method: "GET", url, headers });
  return (response.json() as BatchItem[]).map((item) =>
    item.result
      ? { data: superjson.deserialize(item.result.data as never) as unknown }
      : { error: superjson.deserialize(item.error as never) as unknown },
  );
}

describe("tRPC answers on the wire", () => {
  it("arrive in superjson's format: the client reads Dates back as Dates, and errors with the spec's text", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const olga = await bearerFor(app, "olga@example.com");
    const [group] = await app.db
      .insert(groups)
      .values({ name: "Elm.Street", createdBy: ann.userId })
      .returning({ id: groups.id });
    await app.db.insert(groupMembers).values({ groupId: group!.id, userId: ann.userId });
    const neededBy = new Date(app.clock.now().getTime() + 24 * 60 * 60 * 1000);
    const posted = await app.server.inject({
      method: "POST",
      url: "/api/requests",
      headers: ann.headers,
      payload: { itemDescription: "Milk", groupId: group!.id, neededBy: neededBy.toISOString() },
    });
    expect(posted.statusCode).toBe(201);

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
