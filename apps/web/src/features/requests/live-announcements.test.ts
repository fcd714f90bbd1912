// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import { liveAnnouncement, OWN_CHANGE_WINDOW_MS, RecentOwnChanges } from "./live-announcements";

function fakeClock(start = 1_000_000) {
  let now = start;
  return { nowMs: () => now, advance: (ms: number) => (now += ms) };
}

describe("telling the user's own changes from a neighbour's", () => {
  it("treats the echo of the user's own claim as theirs for a while, then no longer", () => {
    const clock = fakeClock();
    const own = new RecentOwnChanges(clock.nowMs);
    own.mark("r1", "request.claimed");
    expect(own.isOwn({ type: "request.claimed", requestId: "r1" })).toBe(true);
    expect(own.isOwn({ type: "request.claimed", requestId: "r2" })).toBe(false);
    clock.advance(OWN_CHANGE_WINDOW_MS + 1);
    expect(own.isOwn({ type: "request.claimed", requestId: "r1" })).toBe(false);
  });

  it("still announces a neighbour's change right after the user's own change to the same request", () => {
    const own = new RecentOwnChanges(fakeClock().nowMs);
    own.postStarted();
    own.postEnded("mine");
    own.mark("theirs", "request.claimed");
    expect(own.isOwn({ type: "request.created", requestId: "mine" })).toBe(true);
    expect(own.isOwn({ type: "request.claimed", requestId: "mine" })).toBe(false);
    expect(own.isOwn({ type: "request.unclaimed", requestId: "theirs" })).toBe(false);
  });

  it("counts a new request as the user's while their post is in flight and just after", () => {
    const clock = fakeClock();
    const own = new RecentOwnChanges(clock.nowMs);
    expect(own.isOwn({ type: "request.created", requestId: "new" })).toBe(false);
    own.postStarted();
    expect(own.isOwn({ type: "request.created", requestId: "new" })).toBe(true);
    // Another kind of change to an unknown request is still a neighbour's.
    expect(own.isOwn({ type: "request.claimed", requestId: "other" })).toBe(false);
    own.postEnded("new");
    clock.advance(OWN_CHANGE_WINDOW_MS - 1);
    expect(own.isOwn({ type: "request.created", requestId: "another" })).toBe(true);
    clock.advance(2);
    expect(own.isOwn({ type: "request.created", requestId: "another" })).toBe(false);
  });

  it("never takes the user's own request, posted or skipped from anywhere, for a neighbour's (issue 43)", () => {
    const own = new RecentOwnChanges(fakeClock().nowMs);
    // A repeating request's next week, posted by its series after a skip in another tab: no window covers it.
    expect(own.isOwn({ type: "request.created", requestId: "next-week", mine: true })).toBe(true);
    expect(own.isOwn({ type: "request.skipped", requestId: "this-week", mine: true })).toBe(true);
    expect(own.isOwn({ type: "request.created", requestId: "theirs" })).toBe(false);
    // A neighbour's claim of the user's request is still news to them.
    expect(own.isOwn({ type: "request.claimed", requestId: "next-week", mine: true })).toBe(false);
  });

  it("forgets a failed post once the window has passed", () => {
    const clock = fakeClock();
    const own = new RecentOwnChanges(clock.nowMs);
    own.postStarted();
    own.postEnded(null);
    clock.advance(OWN_CHANGE_WINDOW_MS + 1);
    expect(own.isOwn({ type: "request.created", requestId: "x" })).toBe(false);
  });
});

describe("live announcements", () => {
  beforeAll(async () => {
    await activateLocale("en");
    await loadNamespaces(["requests"]);
  });

  it("name the item when the page knows it", () => {
    expect(liveAnnouncement("request.claimed", "Oat milk")).toBe("“Oat milk” was claimed by a neighbour.");
    expect(liveAnnouncement("request.fulfilled", "Oat milk")).toBe("“Oat milk” was marked fulfilled.");
    expect(liveAnnouncement("request.unclaimed", "Oat milk")).toBe(
      "“Oat milk” is open again: its helper stepped back.",
    );
    expect(liveAnnouncement("request.deleted", "Oat milk")).toBe("“Oat milk” was deleted by its owner.");
    expect(liveAnnouncement("request.created", "Oat milk")).toBe("New request from a neighbour: “Oat milk”.");
  });

  it("still say what happened when it does not, and shorten long descriptions", () => {
    expect(liveAnnouncement("request.created", null)).toBe("A neighbour posted a new request.");
    expect(liveAnnouncement("request.claimed", null)).toBe("A request was claimed by a neighbour.");
    const long = "x".repeat(80);
    expect(liveAnnouncement("request.fulfilled", long)).toBe(`“${"x".repeat(59)}…” was marked fulfilled.`);
  });

  it("are said in the page's language", async () => {
    await activateLocale("de");
    try {
      expect(liveAnnouncement("request.claimed", "Hafermilch")).toBe(
        "„Hafermilch“ wurde von jemandem aus der Nachbarschaft übernommen.",
      );
    } finally {
      await activateLocale("en");
    }
  });
});
