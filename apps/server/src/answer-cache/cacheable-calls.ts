/**
 * The calls the answer cache serves (ADR 0009), recognised from the URL alone: a dashboard, per
 * session; and a group's request list, shared by every member, over tRPC and over REST. Anything else,
 * including these with a different shape (another batch, a streamed batch), goes its normal way.
 */
import { catalogEntry } from "@hyn/api";
import { batchCallsOf, valuesOfSearchParams } from "../trpc-get-input";

export type CacheableCall =
  | { scope: "dashboard"; key: (sessionId: string) => string }
  | { scope: "group"; groupId: string; key: (sessionId: string) => string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The REST path of a group's list, as its procedure declares it (ADR 0018), with the group id captured. */
const REST_GROUP_LIST = restPathPattern("requests.forGroup");

function restPathPattern(procedure: string): RegExp {
  const path = catalogEntry(procedure)?.meta.rest?.path;
  if (!path) throw new Error(`The answer cache serves ${procedure} over REST, but it has no REST path`);
  return new RegExp(`^/api${path.replace(/:\w+/g, "([^/?]+)")}$`);
}

export function recogniseCacheableCall(method: string, url: string): CacheableCall | null {
  if (method !== "GET") return null;
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  // Every GET passes here: the query is read only for the two procedures it can concern, as the batch
  // tRPC's handler would read (a batch it would refuse is not served from the cache).
  const batchCalls = () =>
    batchCallsOf(valuesOfSearchParams(new URLSearchParams(queryAt < 0 ? "" : url.slice(queryAt + 1))));

  if (path === "/trpc/requests.dashboard" && batchCalls()) {
    // The URL is the whole call (the procedure takes no input): the key needs nothing else.
    return { scope: "dashboard", key: (sessionId) => `dashboard ${sessionId} ${url}` };
  }
  if (path === "/trpc/requests.forGroup") {
    const groupId = groupIdOfBatch(batchCalls());
    return groupId ? { scope: "group", groupId, key: () => `group ${groupId} trpc` } : null;
  }
  const rest = queryAt < 0 ? REST_GROUP_LIST.exec(path) : null;
  if (rest && UUID.test(rest[1]!)) {
    const groupId = rest[1]!;
    return { scope: "group", groupId, key: () => `group ${groupId} rest` };
  }
  return null;
}

/** `{"0":{"json":{"groupId":"<uuid>"}}}` exactly: one call, no superjson meta, nothing else. */
function groupIdOfBatch(calls: Record<string, unknown> | null): string | null {
  if (!calls || !isRecordWithOnlyKey(calls, "0")) return null;
  const call = calls["0"];
  if (!isRecordWithOnlyKey(call, "json")) return null;
  const json = call.json;
  if (!isRecordWithOnlyKey(json, "groupId")) return null;
  return typeof json.groupId === "string" && UUID.test(json.groupId) ? json.groupId : null;
}

function isRecordWithOnlyKey<K extends string>(value: unknown, key: K): value is Record<K, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === key;
}
