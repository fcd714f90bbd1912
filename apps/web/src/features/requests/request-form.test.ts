import { describe, expect, it } from "vitest";
import { defaultNeededBy, neededByPickerMin } from "./request-form";

describe("the needed-by field's first value", () => {
  it("is tomorrow at 18:00, local time, whatever the time now", () => {
    expect(defaultNeededBy(new Date(2030, 5, 15, 0, 5))).toBe("2030-06-16T18:00");
    expect(defaultNeededBy(new Date(2030, 5, 15, 23, 59))).toBe("2030-06-16T18:00");
    // Across a month's and a year's end.
    expect(defaultNeededBy(new Date(2030, 11, 31, 12, 0))).toBe("2031-01-01T18:00");
  });

  it("lies after the picker's minimum, the start of tomorrow", () => {
    const now = new Date(2030, 5, 15, 9, 30);
    expect(defaultNeededBy(now) > neededByPickerMin(now)).toBe(true);
  });
});
