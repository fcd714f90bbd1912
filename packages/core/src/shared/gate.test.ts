import { describe, expect, it } from "vitest";
import { createGate } from "./gate";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("createGate", () => {
  it("runs at most `slots` tasks at once and starts the waiting ones in order", async () => {
    const gate = createGate(2);
    const tasks = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = tasks.map((t, i) => gate.run(async () => (started.push(i), await t.promise, i)));
    await tick();
    expect(started).toEqual([0, 1]);
    tasks[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.resolve();
    tasks[2]!.resolve();
    tasks[3]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
  });

  it("frees the slot when a task fails", async () => {
    const gate = createGate(1);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
