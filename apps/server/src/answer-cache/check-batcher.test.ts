import { describe, expect, it } from "vitest";
import { createCheckBatcher } from "./check-batcher";

/** A runner whose statements the test answers one by one, recording what each one carried. */
function controlledRunner() {
  const sent: { checks: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const run = (checks: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push({ checks, answer: () => resolve(checks.map((n) => `answer ${n}`)), fail: reject });
    });
  return { sent, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createCheckBatcher", () => {
  it("sends a check at once, alone, when nothing is in flight", async () => {
    const { sent, run } = controlledRunner();
    const batcher = createCheckBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const answer = batcher.check(1);
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1]]);
    sent[0]!.answer();
    expect(await answer).toBe("answer 1");
  });

  it("never adds a check to a statement already sent: it waits, with the others that arrive, for the next", async () => {
    const { sent, run } = controlledRunner();
    const batcher = createCheckBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const first = batcher.check(1);
    await tick();
    const later = [batcher.check(2), batcher.check(3), batcher.check(4)];
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1]]);
    sent[0]!.answer();
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1], [2, 3, 4]]);
    sent[1]!.answer();
    expect(await first).toBe("answer 1");
    expect(await Promise.all(later)).toEqual(["answer 2", "answer 3", "answer 4"]);
  });

  it("keeps up to maxInFlight statements out and at most maxBatch checks in each", async () => {
    const { sent, run } = controlledRunner();
    const batcher = createCheckBatcher({ run, maxInFlight: 2, maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.check(n));
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1], [2]]);
    sent[1]!.answer();
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1], [2], [3, 4]]);
    sent[0]!.answer();
    await tick();
    expect(sent.map((s) => s.checks)).toEqual([[1], [2], [3, 4], [5, 6]]);
    sent[2]!.answer();
    sent[3]!.answer();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `answer ${n}`));
  });

  it("fails only the checks of a failed statement, and goes on with the next", async () => {
    const { sent, run } = controlledRunner();
    const batcher = createCheckBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const failing = batcher.check(1);
    await tick();
    const next = batcher.check(2);
    sent[0]!.fail(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await tick();
    sent[1]!.answer();
    expect(await next).toBe("answer 2");
  });

  it("rejects the batch of a runner that throws before it returns a promise", async () => {
    const batcher = createCheckBatcher<number, string>({
      run: () => {
        throw new Error("no database");
      },
      maxInFlight: 1,
      maxBatch: 10,
    });
    await expect(batcher.check(1)).rejects.toThrow("no database");
    await expect(batcher.check(2)).rejects.toThrow("no database");
  });
});
