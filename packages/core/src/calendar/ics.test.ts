import { describe, expect, it } from "vitest";
import { renderCalendar, type CalendarEntry } from "./ics";

const entry = (ifUnavailable: CalendarEntry["ifUnavailable"]): CalendarEntry => ({
  id: "00000000-0000-4000-8000-000000000001",
  itemDescription: "Milk",
  groupName: "Elm Street",
  requesterId: "ann",
  requesterName: "Ann",
  helperName: null,
  claimedBy: null,
  status: "open",
  neededBy: new Date("2026-12-01T10:00:00Z"),
  storePreference: null,
  pickupNotes: null,
  ifUnavailable,
  revision: 0,
  url: "https://hyn.example/?request=1",
});

const render = (ifUnavailable: CalendarEntry["ifUnavailable"]) =>
  renderCalendar([entry(ifUnavailable)], {
    appUrl: "https://hyn.example",
    readerId: "ann",
    now: new Date("2026-11-29T10:00:00Z"),
    locale: "en",
  }).replace(/\r\n[ \t]/g, "");

describe("what a request's calendar event says if the item is not there", () => {
  it("says the requester's choice", () => {
    expect(render("ask")).toContain("If it is not there: ask me first");
  });

  it("says nothing for a request posted before the choice existed (issue 40: not 'a similar one is fine')", () => {
    expect(render(null)).not.toContain("If it is not there");
  });
});
