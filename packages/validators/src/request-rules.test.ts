import { describe, expect, it } from "vitest";
import {
  decodeRequestCursor,
  encodeRequestCursor,
  requestCursorPosition,
  requestDisplayStatus,
  startOfTomorrow,
} from "./rules";

describe("request rules shared with the web", () => {
  const now = new Date("2026-06-01T12:00:00Z");

  it("shows an open request as expired once its needed-by time has passed, and nothing else", () => {
    expect(requestDisplayStatus("open", new Date("2026-06-01T12:00:01Z"), now)).toBe("open");
    expect(requestDisplayStatus("open", now, now)).toBe("expired");
    expect(requestDisplayStatus("open", new Date("2026-05-31T12:00:00Z"), now)).toBe("expired");
    expect(requestDisplayStatus("claimed", new Date("2026-05-31T12:00:00Z"), now)).toBe("claimed");
    expect(requestDisplayStatus("fulfilled", new Date("2026-05-31T12:00:00Z"), now)).toBe("fulfilled");
  });

  it("puts the needed-by picker's minimum at the start of tomorrow, local time", () => {
    const late = new Date(2026, 11, 31, 23, 59);
    expect(startOfTomorrow(late)).toEqual(new Date(2027, 0, 1, 0, 0, 0, 0));
    expect(startOfTomorrow(new Date(2026, 5, 1, 0, 0))).toEqual(new Date(2026, 5, 2));
  });
});

describe("a request list's cursor", () => {
  it("reads back what it wrote, to the microsecond, and refuses anything else", () => {
    const cursor = {
      asOf: new Date("2026-11-23T20:00:00.123Z"),
      beforeMicros: "1763928000123456",
      beforeId: "0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b",
    };
    expect(decodeRequestCursor(encodeRequestCursor(cursor))).toEqual(cursor);
    for (const text of [
      "",
      "1.2",
      "1.123.0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b",
      "999999999999999.1763928000123456.0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b",
      "1.1763928000123456.0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b;drop",
    ]) {
      expect(decodeRequestCursor(text)).toBeNull();
    }
  });

  it("names the same place for two first pages read at different times", () => {
    const at = (asOf: string) =>
      encodeRequestCursor({
        asOf: new Date(asOf),
        beforeMicros: "1763928000123456",
        beforeId: "0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b",
      });
    expect(requestCursorPosition(at("2026-11-23T20:00:00Z"))).toBe(requestCursorPosition(at("2026-11-23T21:00:00Z")));
  });
});
