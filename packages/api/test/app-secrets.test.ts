import { loadOrCreateSecret } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { useHarness } from "./support";

const h = useHarness();

describe("a generated secret", () => {
  it("is generated once and then read back, whoever asks first", async () => {
    let generated = 0;
    const generate = () => `secret-${++generated}`;
    const [first, second] = await Promise.all([
      loadOrCreateSecret(h.db, "signing-key", generate),
      loadOrCreateSecret(h.db, "signing-key", generate),
    ]);
    expect(first).toBe(second);
    expect(await loadOrCreateSecret(h.db, "signing-key", generate)).toBe(first);
    expect(await loadOrCreateSecret(h.db, "other-key", () => "other")).toBe("other");
  });
});
