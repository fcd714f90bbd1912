import {
  channelsFor,
  inDailyGroupsOf,
  inSummaryGroupsOf,
  newRequestRecipients,
  tripRecipients,
  wantsDailySummarySql,
  wantsSummarySql,
} from "@hyn/core";
import { groups, users } from "@hyn/db";
import { notificationDelivery } from "@hyn/validators/notification-delivery";
import {
  GROUP_NOTIFY_FREQUENCIES,
  NOTIFICATION_KINDS,
  type GroupNotifyFrequency,
} from "@hyn/validators/notification-kinds";
import { EMAIL_FREQUENCIES, type EmailFrequency } from "@hyn/validators/rules";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { browserSubscription, groupWith, quickNeighbours, useHarness } from "./support";

const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

interface Combination {
  profile: EmailFrequency;
  group: GroupNotifyFrequency | null;
  email: boolean;
  push: boolean;
}

const COMBINATIONS: Combination[] = EMAIL_FREQUENCIES.flatMap((profile) =>
  [...GROUP_NOTIFY_FREQUENCIES, null].flatMap((group) =>
    [true, false].flatMap((email) => [true, false].map((push) => ({ profile, group, email, push }))),
  ),
);

/**
 * PRODUCT "Beyond the screens" (Notification preferences): the profile's Notifications section says what
 * `notificationDelivery` derives from the preferences it reads; here every combination of frequency,
 * group setting and switches (the same for every kind) is set through the API, and what the model says
 * is compared with what the senders do: the e-mails a new request sends, the recipients' push channels,
 * the daily and weekly summaries, and each other kind's channels.
 */
describe("what the profile says equals what is sent", () => {
  it("for every frequency, group setting and switch, for every kind", async () => {
    const [poster, ...members] = await quickNeighbours(h, COMBINATIONS.length + 1, "combo");
    const street = await groupWith(h, poster!, members, "Elm Street");
    for (const [i, c] of COMBINATIONS.entries()) {
      const caller = members[i]!.caller;
      await caller.user.updateEmailPreferences({ frequency: c.profile });
      if (c.group) await caller.user.updateGroupNotifications({ groupId: street.id, frequency: c.group });
      for (const kind of NOTIFICATION_KINDS)
        await caller.user.updateNotificationKind({ kind, email: c.email, push: c.push });
      // A device that takes pushes, as the model below assumes: without one, a push reaches nobody.
      await caller.push.subscribe({
        ...browserSubscription(`http://127.0.0.1:9/push/${members[i]!.user.id}`).json,
        label: "Phone",
      });
    }

    await poster!.caller.requests.create({ itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(48) });
    const trip = await poster!.caller.trips.create({ groupIds: [street.id], store: "Aldi", departsAt: h.inHours(24) });
    await h.deliver();
    const recipients = await newRequestRecipients(h.db, street.id, poster!.user.id);
    const toldOfTrip = await tripRecipients(h.db, { id: trip.id, tripperId: poster!.user.id });
    let checked = 0;

    for (const [i, c] of COMBINATIONS.entries()) {
      const member = members[i]!;
      // What the screen reads, and what it derives (a device receives pushes).
      const preferences = await member.caller.user.notificationPreferences();
      const said = notificationDelivery({ ...preferences, pushDevices: 1 });
      const inStreet = said.groups.find((g) => g.groupId === street.id)!;
      const label = JSON.stringify(c);

      const mailed = h.inbox(member.email).some((m) => m.subject === "New request in Elm Street: Milk");
      expect(mailed, label).toBe(inStreet.newRequests.email === "now");
      const pushed = recipients.find((r) => r.userId === member.user.id)?.channels.push ?? false;
      expect(pushed, label).toBe(inStreet.newRequests.push === "now");

      const [daily] = await h.db
        .select({ wants: wantsDailySummarySql(users.id), lists: inDailyGroupsOf(member.user.id, groups.id) })
        .from(users)
        .innerJoin(groups, eq(groups.id, street.id))
        .where(and(eq(users.id, member.user.id)));
      expect(Boolean(daily!.wants && daily!.lists), label).toBe(inStreet.newRequests.email === "daily");
      const [weekly] = await h.db
        .select({
          wants: wantsSummarySql(users.id, "weekly"),
          lists: inSummaryGroupsOf(member.user.id, groups.id, "weekly"),
        })
        .from(users)
        .innerJoin(groups, eq(groups.id, street.id))
        .where(and(eq(users.id, member.user.id)));
      expect(Boolean(weekly!.wants && weekly!.lists), label).toBe(inStreet.newRequests.email === "weekly");

      // A switch the screen shows as sending sends; one it shows as idle or off sends nothing.
      const newRequestsSent = { email: mailed || daily!.wants || weekly!.wants, push: pushed };
      expect(said.kinds.new_requests.email.sends, label).toBe(newRequestsSent.email);
      expect(said.kinds.new_requests.push.sends, label).toBe(newRequestsSent.push);
      // A trip is told at once where a new request would be (Immediate), by the trips switches.
      const tripSent = {
        email: h.inbox(member.email).some((m) => m.subject.endsWith(" is going to Aldi")),
        push: toldOfTrip.find((r) => r.userId === member.user.id)?.channels.push ?? false,
      };
      expect(tripSent.email, label).toBe(inStreet.newRequests.email === "now" && c.email);
      expect({ email: said.kinds.trips.email.sends, push: said.kinds.trips.push.sends }, label).toEqual(tripSent);
      for (const kind of NOTIFICATION_KINDS.filter((k) => k !== "new_requests" && k !== "trips")) {
        const channels = await channelsFor(h.db, member.user.id, kind);
        expect({ email: said.kinds[kind].email.sends, push: said.kinds[kind].push.sends }, `${kind} ${label}`).toEqual(
          channels,
        );
      }
      checked++;
    }
    expect(checked).toBe(EMAIL_FREQUENCIES.length * (GROUP_NOTIFY_FREQUENCIES.length + 1) * 4);
  });

  it("says a push reaches nobody without a device", () => {
    const said = notificationDelivery({
      profileFrequency: "immediate",
      kinds: [],
      groups: [{ groupId: "g", frequency: null }],
      pushDevices: 0,
    });
    expect(said.groups[0]!.newRequests).toEqual({ email: "now", push: null });
    for (const kind of NOTIFICATION_KINDS)
      expect(said.kinds[kind].push).toEqual({ on: true, idle: "noDevice", sends: false });
  });
});
