import { describe, expect, it } from "vitest";
import { AnswerStore, type StoredAnswer } from "./answer-store";

const answer = (head: string): StoredAnswer => ({
  head: Buffer.from(head),
  tail: null,
  headers: {},
  snapshot: "1:1:",
  builtAt: 0,
  validUntil: Infinity,
});
/** Bytes an entry of this key and (ASCII) body takes: the body as UTF-8, key and snapshot as V8 strings. */
const sizeOf = (key: string, head: string) => head.length + 2 * (key.length + "1:1:".length);

describe("AnswerStore", () => {
  it("keeps answers by key and replaces one stored again", () => {
    const store = new AnswerStore(1024);
    store.set("a", answer("first"));
    store.set("a", answer("second"));
    expect(store.get("a")?.head.toString()).toBe("second");
    expect(store.size).toBe(1);
    expect(store.usedBytes).toBe(sizeOf("a", "second"));
  });

  it("stays within its bytes by dropping the least recently used", () => {
    const body = "x".repeat(96);
    const store = new AnswerStore(3 * sizeOf("k1", body));
    store.set("k1", answer(body));
    store.set("k2", answer(body));
    store.set("k3", answer(body));
    store.get("k1");
    store.set("k4", answer(body));
    expect(store.get("k2")).toBeUndefined();
    expect([store.get("k1"), store.get("k3"), store.get("k4")].every(Boolean)).toBe(true);
    expect(store.usedBytes).toBeLessThanOrEqual(3 * sizeOf("k1", body));
  });

  it("does not keep an answer larger than all its memory", () => {
    const store = new AnswerStore(10);
    store.set("big", answer("too large to keep"));
    expect(store.get("big")).toBeUndefined();
    expect(store.usedBytes).toBe(0);
  });
});
