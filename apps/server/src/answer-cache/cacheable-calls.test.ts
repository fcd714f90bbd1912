import { describe, expect, it } from "vitest";
import { recogniseCacheableCall } from "./cacheable-calls";

const GROUP = "0b9f3c52-8a4e-4d51-9a59-5d1f4c2e7a10";
const batch = (path: string, input: unknown) =>
  `/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;

describe("the calls the answer cache serves", () => {
  it("a dashboard, keyed by session and the exact URL", () => {
    const call = recogniseCacheableCall("GET", batch("requests.dashboard", { 0: {} }));
    expect(call?.scope).toBe("dashboard");
    expect(call?.key("s1")).not.toBe(call?.key("s2"));
  });

  it("a group's list over tRPC and over REST, shared by the group's members", () => {
    const trpc = recogniseCacheableCall("GET", batch("requests.forGroup", { 0: { json: { groupId: GROUP } } }));
    const rest = recogniseCacheableCall("GET", `/api/groups/${GROUP}/requests`);
    expect(trpc).toMatchObject({ scope: "group", groupId: GROUP });
    expect(rest).toMatchObject({ scope: "group", groupId: GROUP });
    expect(trpc?.key("s1")).toBe(trpc?.key("s2"));
    expect(trpc?.key("s1")).not.toBe(rest?.key("s1"));
  });

  it("nothing else: other procedures, other batches, other inputs, other methods", () => {
    for (const [method, url] of [
      ["POST", batch("requests.dashboard", { 0: {} })],
      ["GET", "/trpc/requests.dashboard"],
      ["GET", batch("requests.dashboard,groups.list", { 0: {}, 1: {} })],
      ["GET", batch("requests.mine", { 0: {} })],
      ["GET", batch("requests.forGroup", { 0: { json: { groupId: GROUP }, meta: {} } })],
      ["GET", batch("requests.forGroup", { 0: { json: { groupId: GROUP, extra: 1 } } })],
      ["GET", batch("requests.forGroup", { 0: { json: { groupId: "not-a-uuid" } } })],
      ["GET", batch("requests.forGroup", { 0: { json: { groupId: GROUP } }, 1: { json: { groupId: GROUP } } })],
      ["GET", `/trpc/requests.forGroup?batch=1&input=%7Bnot-json`],
      // Read as tRPC's handler reads a batch (trpc-get-input.ts): a key given twice, or an input that is
      // not JSON, is its to answer, never the cache's.
      ["GET", `${batch("requests.forGroup", { 0: { json: { groupId: GROUP } } })}&input=%7B%7D`],
      ["GET", `${batch("requests.dashboard", { 0: {} })}&batch=1`],
      ["GET", `/trpc/requests.dashboard?batch=1&input=%7Bnot-json`],
      ["GET", `/api/groups/${GROUP}/requests?x=1`],
      ["GET", "/api/groups/not-a-uuid/requests"],
      ["GET", `/api/groups/${GROUP}/members`],
    ] as const) {
      expect(recogniseCacheableCall(method, url), `${method} ${url}`).toBeNull();
    }
  });
});
