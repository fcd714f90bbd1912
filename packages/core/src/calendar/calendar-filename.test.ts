import { describe, expect, it } from "vitest";
import { requestCalendarFilename } from "./ics";

describe("a request's calendar file name", () => {
  it("is the item, as a person reads it in their downloads", () => {
    expect(requestCalendarFilename("Two pints of milk")).toBe("Two pints of milk.ics");
    expect(requestCalendarFilename("Größe; 牛乳,   x")).toBe("Größe; 牛乳, x.ics");
  });

  it("leaves out what file systems refuse, and never ends in a dot", () => {
    expect(requestCalendarFilename('Milk/eggs: "2" <big> | small?*\\')).toBe("Milk eggs 2 big small.ics");
    expect(requestCalendarFilename("Bread...")).toBe("Bread.ics");
    expect(requestCalendarFilename("\u0000\u0007 / ")).toBe("request.ics");
  });

  it("keeps at most 60 characters, never cutting one in half", () => {
    const name = requestCalendarFilename("🥛".repeat(80));
    expect(Array.from(name.replace(/\.ics$/, ""))).toHaveLength(60);
    expect(name).toBe(`${"🥛".repeat(60)}.ics`);
  });
});
