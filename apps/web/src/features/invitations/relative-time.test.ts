import { describe, expect, it } from "vitest";
import { expiresInText, sentAgoText } from "./relative-time";

const now = new Date("2026-06-01T12:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe("expiresInText", () => {
  it.each([
    [7 * DAY, "Expires in 7 days"],
    [7 * DAY - 1, "Expires in 7 days"],
    [6 * DAY + 11 * HOUR, "Expires in 6 days"],
    [2 * DAY, "Expires in 2 days"],
    [DAY + 13 * HOUR, "Expires in 2 days"],
    [DAY + 11 * HOUR, "Expires in 1 day"],
    [DAY, "Expires in 1 day"],
    [DAY - 1, "Expires in 23 hours"],
    [2 * HOUR, "Expires in 2 hours"],
    [HOUR + 59 * MINUTE, "Expires in 1 hour"],
    [HOUR, "Expires in 1 hour"],
    [HOUR - 1, "Expires soon"],
    [1, "Expires soon"],
    [0, "Expired"],
    [-DAY, "Expired"],
  ])("%i ms before expiry reads %s", (left, text) => {
    expect(expiresInText(at(left), now)).toBe(text);
  });
});

describe("sentAgoText", () => {
  it.each([
    [0, "Just now"],
    [59_999, "Just now"],
    [MINUTE, "1 minute ago"],
    [2 * MINUTE, "2 minutes ago"],
    [59 * MINUTE, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [2 * HOUR + 30 * MINUTE, "2 hours ago"],
    [23 * HOUR + 59 * MINUTE, "23 hours ago"],
    [DAY, "1 day ago"],
    [6 * DAY + 23 * HOUR, "6 days ago"],
    [30 * DAY, "30 days ago"],
  ])("%i ms after sending reads %s", (ago, text) => {
    expect(sentAgoText(at(-ago), now)).toBe(text);
  });

  it("reads Just now for a clock slightly behind the server's", () => {
    expect(sentAgoText(at(5_000), now)).toBe("Just now");
  });
});
