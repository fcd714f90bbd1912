import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { isoDateTime } from "@hyn/validators";
import { z } from "zod";
import { checkOutputs, firstDifference } from "./output-checks";

const t = initTRPC.context<{ checkAnswers: boolean }>().create();
// What the procedure answers: often not what its type says, as with a service that went wrong.
const answers: { value: never } = { value: {} as never };
const router = t.router({
  profile: t.procedure.output(z.object({ name: z.string(), since: isoDateTime })).query(() => answers.value),
});
checkOutputs(Object.values(router._def.procedures));
const call = (checkAnswers: boolean) => t.createCallerFactory(router)({ checkAnswers }).profile();

describe("output checks", () => {
  const since = new Date("2026-01-02T03:04:05.000Z");

  it("let an answer its schema allows through as it is", async () => {
    answers.value = { name: "Ada", since } as never;
    await expect(call(true)).resolves.toBe(answers.value);
  });

  it("refuse an answer with a field its schema does not declare, instead of stripping it", async () => {
    answers.value = { name: "Ada", since, passwordHash: "secret" } as never;
    await expect(call(true)).rejects.toThrow(
      "Output validation failed: the answer differs from what its schema allows at .passwordHash",
    );
  });

  it("refuse a time given as text: a procedure gives Dates, which JSON writes as the ISO text its schema declares", async () => {
    answers.value = { name: "Ada", since: since.toISOString() } as never;
    await expect(call(true)).rejects.toThrow("Output validation failed");
  });

  it("refuse an answer its schema does not allow", async () => {
    answers.value = { name: 7, since } as never;
    await expect(call(true)).rejects.toThrow("Output validation failed");
  });

  it("are not made where the context asks for none (production)", async () => {
    answers.value = { name: 7, since, passwordHash: "secret" } as never;
    await expect(call(false)).resolves.toBe(answers.value);
  });
});

describe("firstDifference", () => {
  it("compares Dates by time, a Date and a text by the Date's JSON, arrays by item, and not the keys' order", () => {
    expect(firstDifference({ a: [1, new Date(5)], b: "x" }, { b: "x", a: [1, new Date(5)] })).toBeNull();
    expect(firstDifference({ a: [1, 2] }, { a: [1] })).toBe(".a.1");
    expect(firstDifference({ a: new Date(5) }, { a: "1970-01-01T00:00:00.005Z" })).toBeNull();
    expect(firstDifference({ a: "1970-01-01T00:00:00.005Z" }, { a: new Date(5) })).toBeNull();
    expect(firstDifference({ a: new Date(5) }, { a: "1970-01-01T00:00:00.006Z" })).toBe(".a");
    expect(firstDifference({ a: new Date(Number.NaN) }, { a: "Invalid Date" })).toBe(".a");
  });
});
