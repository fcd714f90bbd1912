import { describe, expect, it } from "vitest";
import { addToast, MAX_TOASTS, TOAST_DURATION_MS } from "./Toasts";

describe("toasts", () => {
  it('keeps at most five, dropping the oldest (PRODUCT "Screens")', () => {
    let list: number[] = [];
    for (let i = 1; i <= 7; i++) list = addToast(list, i);
    expect(MAX_TOASTS).toBe(5);
    expect(list).toEqual([3, 4, 5, 6, 7]);
  });

  it("last 4000 ms by default", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
  });
});
