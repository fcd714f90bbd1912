import { describe, expect, it } from "vitest";
import { requestDisplayStatus, startOfTomorrow } from "./rules";

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
