import {
  HOUR_MS,
  latestDigestSlot,
  PUSH_DELIVERY_QUEUE,
  setGroupFrequency,
  setKindChannels,
  type PushJob,
} from "@hyn/core";
import { emailOutbox, pushSubscriptions, userEmailPreferences } from "@hyn/db";
import type { EmailFrequency, GroupNotifyFrequency, Reach } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

// PRODUCT "Who will hear" (issue 26): the reach a poster is told is counted by the rule that sends.
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

type MemberReach = "now" | "daily" | "weekly" | "app";

interface Combination {
  profile: EmailFrequency;
  group: GroupNotifyFrequency | null;
  email: boolean;
  push: boolean;
  device: boolean;
}

/** What the product says (PRODUCT "Who will hear"), written out here as the test's own statement of it. */
function expectedReach(c: Combination): MemberReach {
  const frequency = c.group ?? { disabled: "off", weekly: "weekly", daily: "daily", immediate: "immediate" }[c.profile];
  if (frequency === "immediate" && (c.email || (c.push && c.device))) return "now";
  if (frequency === "daily" && c.email) return "daily";
  if (frequency === "weekly" && c.email) return "weekly";
  return "app";
}

function combinations(): Combination[] {
  const all: Combination[] = [];
  for (const profile of ["disabled", "weekly", "daily", "immediate"] as const)
    for (const group of [null, "off", "weekly", "daily", "immediate"] as const)
      for (const email of [true, false])
        for (const push of [true, false])
          for (const device of [true, false]) all.push({ profile, group, email, push, device });
  return all;
}

let endpoints = 0;

/** A group whose members other than the poster hold the given settings, written through the preference rules. */
async function groupOf(settings: Combination[]) {
  const [poster, ...members] = await quickNeighbours(h, settings.length + 1, "reach");
  const group = await groupWith(h, poster!, members);
  const now = h.clock.now();
  for (const [i, c] of settings.entries()) {
    const userId = members[i]!.user.id;
    await h.db
      .update(userEmailPreferences)
      .set({ frequency: c.profile })
      .where(eq(userEmailPreferences.userId, userId));
    if (c.group) await setGroupFrequency(h.db, userId, group.id, c.group, now);
    await setKindChannels(h.db, userId, "new_requests", { email: c.email, push: c.push }, now);
    if (c.device)
      await h.db.insert(pushSubscriptions).values({
        userId,
        endpoint: `https://push.example.net/reach/${++endpoints}`,
        p256dh: "p256dh",
        auth: "auth",
        label: "Test browser",
        createdAt: now,
        updatedAt: now,
      });
  }
  return { poster: poster!, members, group };
}

function count(reaches: MemberReach[]): Reach {
  return {
    now: reaches.filter((r) => r === "now").length,
    later: 0,
    daily: reaches.filter((r) => r === "daily").length,
    weekly: reaches.filter((r) => r === "weekly").length,
    appOnly: reaches.filter((r) => r === "app").length,
  };
}

/** Who was actually told at once: a queued posting e-mail, or a queued push. Takes the pushes queued so far. */
async function toldNow(requestId: string): Promise<string[]> {
  const mailed = await h.db
    .select({ userId: emailOutbox.userId, requestIds: emailOutbox.requestIds })
    .from(emailOutbox)
    .where(eq(emailOutbox.emailType, "request_posted"));
  const pushed = h.jobs.takeDue(PUSH_DELIVERY_QUEUE, new Date(8.64e15)).map((job) => (job.data as PushJob).userId);
  const mailedFor = mailed.filter((m) => m.requestIds.includes(requestId)).map((m) => m.userId!);
  return [...new Set([...mailedFor, ...pushed])].sort();
}

const sorted = (ids: string[]) => [...ids].sort();

describe('the reach of a new request (PRODUCT "Who will hear")', () => {
  it("counts, in every combination of settings, exactly the members the notice, the daily summary and the weekly summary go to", async () => {
    const settings = combinations();
    const { poster, members, group } = await groupOf(settings);
    const expected = settings.map(expectedReach);
    const whose = (reach: MemberReach) => sorted(members.filter((_, i) => expected[i] === reach).map((m) => m.user.id));

    const posted = await poster.caller.requests.create({
      itemDescription: "Oat milk",
      groupId: group.id,
      neededBy: h.inHours(48),
    });
    expect(posted.reach).toEqual(count(expected));
    expect(posted.reach.now + posted.reach.daily + posted.reach.weekly + posted.reach.appOnly).toBe(members.length);
    expect(await toldNow(posted.id)).toEqual(whose("now"));

    // The next morning's summary goes to the "daily" members, and to nobody else in the group.
    h.clock.advance(24 * HOUR_MS);
    await h.services.notifications.runDailyDigest({
      slot: latestDigestSlot(h.clock.now(), { hour: 8, timeZone: "UTC" }),
    });
    const summarised = await h.db
      .select({ userId: emailOutbox.userId })
      .from(emailOutbox)
      .where(eq(emailOutbox.emailType, "daily_digest"));
    expect(sorted(summarised.map((s) => s.userId!))).toEqual(whose("daily"));

    // The weekly summary goes to the "weekly" members, and to nobody else in the group (issue 41).
    await h.services.notifications.runWeeklySummary({ slot: h.clock.now() });
    const weekly = await h.db
      .select({ userId: emailOutbox.userId, requestIds: emailOutbox.requestIds })
      .from(emailOutbox)
      .where(eq(emailOutbox.emailType, "weekly_summary"));
    expect(sorted(weekly.map((s) => s.userId!))).toEqual(whose("weekly"));
    expect(weekly.every((s) => s.requestIds.includes(posted.id))).toBe(true);
  });

  it("Notify group answers the reach again, counted anew, and the request keeps the last one for its card", async () => {
    const settings: Combination[] = [
      { profile: "immediate", group: null, email: true, push: true, device: false },
      { profile: "daily", group: null, email: true, push: true, device: false },
      { profile: "disabled", group: null, email: true, push: true, device: true },
    ];
    const { poster, members, group } = await groupOf(settings);
    const posted = await poster.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(48),
    });
    expect(posted.reach).toEqual({ now: 1, later: 0, daily: 1, weekly: 0, appOnly: 1 });
    expect(posted.lastReach).toEqual(posted.reach);

    // The one on Never turns the group on; an hour later the notice goes again, to two now.
    await setGroupFrequency(h.db, members[2]!.user.id, group.id, "immediate", h.clock.now());
    h.clock.advance(HOUR_MS);
    const notified = await poster.caller.requests.notify({ id: posted.id });
    expect(notified.reach).toEqual({ now: 2, later: 0, daily: 1, weekly: 0, appOnly: 0 });
    expect(notified.notifiedCount).toBe(2);
    expect((await poster.caller.requests.mine()).requests[0]!.lastReach).toEqual({
      now: 2,
      later: 0,
      daily: 1,
      weekly: 0,
      appOnly: 0,
    });
    expect((await poster.caller.requests.byId({ id: posted.id })).lastReach).toEqual(notified.reach);
  });

  it("keeps a request's reach to its owner: no other member reads it, in any answer (issue 38)", async () => {
    const settings: Combination[] = [{ profile: "immediate", group: null, email: true, push: true, device: false }];
    const { poster, members, group } = await groupOf([...settings, ...settings]);
    const [reader, helper] = members as [(typeof members)[number], (typeof members)[number]];
    const posted = await poster.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(48),
      storePreference: "Corner Shop",
      repeat: { every: "week" },
    });
    const reach = { now: 2, later: 0, daily: 0, weekly: 0, appOnly: 0 };
    expect(posted.lastReach).toEqual(reach);
    // Its owner reads it wherever it is theirs alone: their dashboard, their list, its page.
    expect((await poster.caller.requests.dashboard()).myRequests[0]!.lastReach).toEqual(reach);
    expect((await poster.caller.requests.mine({})).requests[0]!.lastReach).toEqual(reach);
    expect((await poster.caller.requests.byId({ id: posted.id })).lastReach).toEqual(reach);

    // A neighbour never does: how many members hear of it tells the group each other's settings.
    const theirs = (views: { id: string; lastReach: unknown }[]) =>
      views.filter((view) => view.id === posted.id).map((view) => view.lastReach);
    expect(theirs((await reader.caller.requests.dashboard()).helpableRequests)).toEqual([null]);
    expect(theirs((await reader.caller.requests.forGroup({ groupId: group.id })).requests)).toEqual([null]);
    expect((await reader.caller.requests.byId({ id: posted.id })).lastReach).toBeNull();
    expect((await reader.caller.requestSeries.byId({ id: posted.seriesId! })).current!.lastReach).toBeNull();
    const trip = await reader.caller.trips.create({
      groupIds: [group.id],
      store: "Corner Shop",
      departsAt: h.inHours(24),
    });
    expect(theirs((await reader.caller.trips.byId({ tripId: trip.id })).takeAlong)).toEqual([null]);
    expect((await helper.caller.requests.claim({ id: posted.id })).lastReach).toBeNull();
    // A group's list is the same for every member (the answer cache shares it, ADR 0009): its owner's
    // reach is in their own lists, not in it.
    expect(theirs((await poster.caller.requests.forGroup({ groupId: group.id })).requests)).toEqual([null]);
  });

  it("says nobody hears when every other member is on Never, the stored default", async () => {
    const { poster, group } = await groupOf([
      { profile: "disabled", group: null, email: true, push: true, device: true },
      { profile: "disabled", group: null, email: true, push: true, device: false },
    ]);
    const posted = await poster.caller.requests.create({
      itemDescription: "Stamps",
      groupId: group.id,
      neededBy: h.inHours(10),
    });
    expect(posted.reach).toEqual({ now: 0, later: 0, daily: 0, weekly: 0, appOnly: 2 });
    expect(await toldNow(posted.id)).toEqual([]);
  });
});
