import { describe, expect, it } from "vitest";
import { batchCallsOf, parseTrpcInput, UNREADABLE, valuesOfParsedQuery, valuesOfSearchParams } from "./trpc-get-input";

const fromUrl = (query: string) => batchCallsOf(valuesOfSearchParams(new URLSearchParams(query)));

describe("a tRPC GET's query, read once for the cache, the fast path and the log", () => {
  it("gives a batch's calls by index, and none when it sent no input", () => {
    expect(fromUrl(`batch=1&input=${encodeURIComponent('{"0":{"json":{"id":"a"}},"1":{"json":null}}')}`)).toEqual({
      0: { json: { id: "a" } },
      1: { json: null },
    });
    expect(fromUrl("batch=1")).toEqual({});
  });

  it("reads nothing it cannot be sure of: no batch, a key given twice, an input that is not a JSON object", () => {
    for (const query of [
      "input=%7B%7D",
      "batch=0&input=%7B%7D",
      "batch=1&batch=1&input=%7B%7D",
      "batch=1&input=%7B%7D&input=%7B%7D",
      "batch=1&input=%7Bnot-json",
      "batch=1&input=%5B%5D",
      "batch=1&input=null",
      "batch=1&input=%221%22",
    ])
      expect(fromUrl(query), query).toBeNull();
  });

  it("reads Fastify's parsed query the same way as the URL's", () => {
    expect(batchCallsOf(valuesOfParsedQuery({ batch: "1", input: '{"0":{"json":1}}' }))).toEqual({ 0: { json: 1 } });
    expect(batchCallsOf(valuesOfParsedQuery({ batch: "1", input: ["{}", "{}"] }))).toBeNull();
  });

  it("says when an input is not JSON, for the log to redact it whole", () => {
    expect(parseTrpcInput("{not-json")).toBe(UNREADABLE);
    expect(parseTrpcInput('{"0":{"json":{"token":"t"}}}')).toEqual({ 0: { json: { token: "t" } } });
  });
});
