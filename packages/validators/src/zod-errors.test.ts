import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messages, type MessageKey } from "./messages";
import { messageOfZodText } from "./zod-errors";

describe("a zod issue's message gives its key back", () => {
  it("for every message a schema may name (each text is one message's)", () => {
    for (const [key, text] of Object.entries(messages) as Array<[MessageKey, string]>)
      expect(messageOfZodText(text), key).toEqual({ key });
  });

  it("for zod's own fallbacks, with the field's name or without one", () => {
    const issue = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error!.issues[0]!.message;
    expect(messageOfZodText(issue(z.object({ itemDescription: z.string() }), { itemDescription: 5 }))).toEqual({
      key: "invalidValue",
      values: { field: "itemDescription" },
    });
    expect(messageOfZodText(issue(z.object({ name: z.string().max(2) }), { name: "long" }))).toEqual({
      key: "valueTooBig",
      values: { field: "name" },
    });
    expect(messageOfZodText(issue(z.enum(["a", "b"]), "c"))).toEqual({ key: "invalidChoice", values: { field: "" } });
    expect(messageOfZodText(issue(z.object({ name: z.string() }), {}))).toEqual({ key: "fillAllFields" });
    expect(messageOfZodText(issue(z.object({ name: z.string().min(1, messages.nameRequired) }), { name: "" }))).toEqual(
      { key: "nameRequired" },
    );
  });

  it("and nothing for a text that is no message", () => {
    expect(messageOfZodText("Something only a test says")).toBeNull();
  });
});
