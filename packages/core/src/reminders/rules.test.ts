import { describe, expect, it } from "vitest";
import { FakeClock } from "../testing";
import { claimKeyOf, decideReminder, helperReminderDueAt, requesterReminderDueAt, type RequestState } from "./rules";

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

describe("when the helper's reminder is due", () => {
  it("is three hours before the needed-by time", () => {
    expect(helperReminderDueAt(at("2026-06-03T18:00:00Z"), at("2026-06-01T12:00:00Z"))?.toISOString()).toBe(
      "2026-06-03T15:00:00.000Z",
    );
  });

  it("is never for a claim made inside those three hours", () => {
    expect(helperReminderDueAt(at("2026-06-03T18:00:00Z"), at("2026-06-03T15:00:00Z"))).toBeNull();
    expect(helperReminderDueAt(at("2026-06-03T18:00:00Z"), at("2026-06-03T16:30:00Z"))).toBeNull();
    expect(helperReminderDueAt(at("2026-06-03T18:00:00Z"), at("2026-06-03T14:59:59Z"))).not.toBeNull();
  });
});

describe("when the requester's reminder is due", () => {
  it("is 24 hours before the needed-by time of a request posted two days or more ahead", () => {
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-05T12:00:00Z"))?.toISOString()).toBe(
      "2026-06-04T12:00:00.000Z",
    );
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-03T12:00:00Z"))?.toISOString()).toBe(
      "2026-06-02T12:00:00.000Z",
    );
  });

  it("is half-way through a shorter window", () => {
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-02T00:00:00Z"))?.toISOString()).toBe(
      "2026-06-01T18:00:00.000Z",
    );
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-02T18:00:00Z"))?.toISOString()).toBe(
      "2026-06-02T03:00:00.000Z",
    );
  });

  it("is never within the hour after posting, when the group was just told", () => {
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-01T13:59:00Z"))).toBeNull();
    expect(requesterReminderDueAt(at("2026-06-01T12:00:00Z"), at("2026-06-01T14:00:00Z"))?.toISOString()).toBe(
      "2026-06-01T13:00:00.000Z",
    );
  });
});

describe("whether a reminder is still wanted when its job runs (fake clock)", () => {
  const clock = new FakeClock(at("2026-06-01T12:00:00Z"));
  const open: RequestState = {
    userId: "requester",
    status: "open",
    claimedBy: null,
    claimedAt: null,
    createdAt: clock.now(),
    neededBy: new Date(clock.now().getTime() + 72 * HOUR),
  };
  const claimedAt = new Date(clock.now().getTime() + HOUR);
  const claimed: RequestState = { ...open, status: "claimed", claimedBy: "helper", claimedAt };

  it("sends the requester's while the request is still open, from its due time until the needed-by time", () => {
    clock.set(new Date(open.neededBy.getTime() - 24 * HOUR));
    expect(decideReminder("requester", open, clock.now())).toEqual({
      send: true,
      recipientId: "requester",
      claimKey: "",
    });
    clock.advance(23 * HOUR);
    expect(decideReminder("requester", open, clock.now()).send).toBe(true);
    clock.advance(HOUR);
    expect(decideReminder("requester", open, clock.now())).toMatchObject({ send: false, reason: "past needed-by" });
  });

  it("sends the requester's none once the request is claimed, fulfilled or deleted", () => {
    clock.set(new Date(open.neededBy.getTime() - 20 * HOUR));
    expect(decideReminder("requester", claimed, clock.now())).toMatchObject({ send: false, reason: "request claimed" });
    expect(decideReminder("requester", { ...claimed, status: "fulfilled" }, clock.now())).toMatchObject({
      send: false,
    });
    expect(decideReminder("requester", null, clock.now())).toMatchObject({ send: false, reason: "deleted" });
  });

  it("sends the helper's to whoever holds the claim now, keyed by that claim", () => {
    clock.set(new Date(open.neededBy.getTime() - 3 * HOUR));
    expect(decideReminder("helper", claimed, clock.now())).toEqual({
      send: true,
      recipientId: "helper",
      claimKey: claimKeyOf("helper", claimedAt),
    });
    const reclaimedAt = new Date(claimedAt.getTime() + HOUR);
    const again = decideReminder("helper", { ...claimed, claimedAt: reclaimedAt }, clock.now());
    expect(again).toMatchObject({ send: true, claimKey: claimKeyOf("helper", reclaimedAt) });
    expect(claimKeyOf("helper", reclaimedAt)).not.toBe(claimKeyOf("helper", claimedAt));
  });

  it("sends the helper's none once unclaimed, fulfilled, deleted, or for a claim made inside the window", () => {
    clock.set(new Date(open.neededBy.getTime() - 2 * HOUR));
    expect(decideReminder("helper", open, clock.now())).toMatchObject({ send: false, reason: "request open" });
    expect(decideReminder("helper", { ...claimed, status: "fulfilled" }, clock.now())).toMatchObject({
      send: false,
      reason: "request fulfilled",
    });
    expect(decideReminder("helper", null, clock.now())).toMatchObject({ send: false });
    const late = { ...claimed, claimedAt: new Date(open.neededBy.getTime() - 2.5 * HOUR) };
    expect(decideReminder("helper", late, clock.now())).toMatchObject({
      send: false,
      reason: "claimed inside the window",
    });
  });

  it("looks again at the due time when woken early", () => {
    clock.set(new Date(open.neededBy.getTime() - 4 * HOUR));
    expect(decideReminder("helper", claimed, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: new Date(open.neededBy.getTime() - 3 * HOUR),
    });
  });
});
