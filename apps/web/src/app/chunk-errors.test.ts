import { describe, expect, it } from "vitest";
import { isChunkLoadError, watchChunkErrors } from "./chunk-errors";

describe("a chunk that could not be loaded", () => {
  it("is any error once Vite said a chunk's preload failed (vite:preloadError)", () => {
    const target = new EventTarget();
    watchChunkErrors(target as unknown as Window);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    target.dispatchEvent(new Event("vite:preloadError"));
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(true);
  });
});
