// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { expiresInText, sentAgoText } from "./relative-time";

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["groups"]);
});

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

describe("in other languages", () => {
  afterAll(() => activateLocale("en"));

  it("counts with German plurals", async () => {
    await activateLocale("de");
    expect(expiresInText(at(7 * DAY), now)).toBe("Läuft in 7 Tagen ab");
    expect(expiresInText(at(DAY), now)).toBe("Läuft in 1 Tag ab");
    expect(expiresInText(at(HOUR), now)).toBe("Läuft in 1 Stunde ab");
    expect(sentAgoText(at(-2 * DAY), now)).toBe("vor 2 Tagen");
    expect(sentAgoText(at(-MINUTE), now)).toBe("vor 1 Minute");
    expect(sentAgoText(now, now)).toBe("Gerade eben");
  });

  it("counts with Spanish plurals", async () => {
    await activateLocale("es");
    expect(expiresInText(at(7 * DAY), now)).toBe("Caduca en 7 días");
    expect(expiresInText(at(DAY), now)).toBe("Caduca en 1 día");
    expect(sentAgoText(at(-3 * HOUR), now)).toBe("hace 3 horas");
    expect(sentAgoText(at(-HOUR), now)).toBe("hace 1 hora");
  });
});
