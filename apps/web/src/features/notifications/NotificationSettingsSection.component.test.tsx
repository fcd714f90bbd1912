// @vitest-environment happy-dom
import { notificationDelivery, type NewRequestTiming } from "@hyn/validators/notification-delivery";
import {
  GROUP_NOTIFY_FREQUENCIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type GroupNotifyFrequency,
} from "@hyn/validators/notification-kinds";
import { EMAIL_FREQUENCIES, type EmailFrequency } from "@hyn/validators/rules";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileForm } from "../../test/profile";
import { renderWithApi, type Handlers } from "../../test/render";
import { signedInUser } from "../../test/signed-in";
import { NotificationSettingsSection } from "./NotificationSettingsSection";

afterEach(cleanup);

interface Combination {
  profile: EmailFrequency;
  group: GroupNotifyFrequency | null;
  email: boolean;
  push: boolean;
  devices: number;
}

const COMBINATIONS: Combination[] = EMAIL_FREQUENCIES.flatMap((profile) =>
  [...GROUP_NOTIFY_FREQUENCIES, null].flatMap((group) =>
    [true, false].flatMap((email) =>
      [true, false].flatMap((push) => [0, 1].map((devices) => ({ profile, group, email, push, devices }))),
    ),
  ),
);

const preferencesOf = (c: Combination) => ({
  profileFrequency: c.profile,
  kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, email: c.email, push: c.push })),
  groups: [{ groupId: "g1", groupName: "Elm Street", frequency: c.group, effective: "off" as const }],
  alwaysAtOnce: false,
});

function show(c: Combination, handlers: Handlers = {}) {
  // On the profile, inside its form (the frequency is the form's: ProfileSettingsForm's tests save it).
  return renderWithApi(<ProfileForm>{() => <NotificationSettingsSection />}</ProfileForm>, {
    "user.me": () => signedInUser(),
    "user.notificationPreferences": () => preferencesOf(c),
    "push.devices": () =>
      Array.from({ length: c.devices }, (_, i) => ({ id: `d${i}`, name: "Chrome on Android", createdAt: new Date() })),
    "user.emailPreferences": () => ({ frequency: c.profile, lastDailySent: null, lastWeeklySent: null }),
    ...handlers,
  });
}

/** What a new request in the group brings, in the words the senders' behaviour calls for. */
function expectedSentence(email: NewRequestTiming, push: NewRequestTiming): RegExp {
  if (email === "now" && push === "now") return /^E-mail and push as soon as/;
  if (email === "now") return /^An e-mail as soon as/;
  if (push === "now") return /^A push as soon as/;
  if (email === "daily") return /^In the daily summary e-mail/;
  if (email === "weekly") return /^In the weekly summary e-mail/;
  return /^No e-mail/;
}

/**
 * PRODUCT "Beyond the screens" (Notification preferences): for every frequency, group setting, switches (the same for every
 * kind) and with or without a device, the section says exactly what the sending rule sends (the rule the
 * senders use: api's notification-delivery test compares it with what they send). No switch is on while
 * its channel sends nothing, and the group's menu never offers one meaning twice.
 */
describe("the Notifications section says what is sent", () => {
  it(`in each of the ${COMBINATIONS.length} combinations`, async () => {
    for (const c of COMBINATIONS) {
      const label = JSON.stringify(c);
      const sent = notificationDelivery({ ...preferencesOf(c), pushDevices: c.devices });
      const { result } = show(c);
      const group = await screen.findByLabelText("Elm Street");
      const says = within(group.closest(".group-frequency") as HTMLElement).getByTestId("group-hears");
      expect(says.textContent, label).toMatch(
        expectedSentence(sent.groups[0]!.newRequests.email, sent.groups[0]!.newRequests.push),
      );
      const options = [...(group as HTMLSelectElement).options].map((o) => o.textContent);
      expect(new Set(options.map((o) => o!.replace(/^As in my profile \((.*)\)$/, "$1"))).size, label).toBe(
        GROUP_NOTIFY_FREQUENCIES.length,
      );

      for (const kind of NOTIFICATION_KINDS) {
        for (const channel of NOTIFICATION_CHANNELS) {
          const state = sent.kinds[kind][channel];
          const name = new RegExp(`^${channel === "email" ? "E-mail" : "Push"}: `);
          const row = screen.getAllByRole("switch", { name })[NOTIFICATION_KINDS.indexOf(kind)] as HTMLInputElement;
          expect(row.checked, `${kind} ${channel} ${label}`).toBe(state.sends);
          expect(row.disabled, `${kind} ${channel} ${label}`).toBe(state.idle !== null);
          if (row.checked) expect(state.on && state.idle === null).toBe(true);
        }
      }
      result.unmount();
    }
  }, 60_000);

  it("leaves out a kind a newer server added, and shows every kind it knows (issue 40: an old page crashed on one)", async () => {
    const c: Combination = { profile: "immediate", group: null, email: true, push: true, devices: 1 };
    show(c, {
      "user.notificationPreferences": () => {
        const preferences = preferencesOf(c);
        return {
          ...preferences,
          kinds: [...preferences.kinds, { kind: "kind_from_the_future", email: true, push: false }],
        };
      },
    });
    await screen.findByRole("switch", { name: "E-mail: New requests in my groups" });
    expect(screen.getAllByRole("switch", { name: /^E-mail: / })).toHaveLength(NOTIFICATION_KINDS.length);
  });

  it("says why a switch sends nothing: no device, or no group that sends new requests", async () => {
    show({ profile: "disabled", group: null, email: true, push: true, devices: 0 });
    const newRequestsEmail = await screen.findByRole("switch", { name: "E-mail: New requests in my groups" });
    expect(newRequestsEmail).toHaveProperty("disabled", true);
    expect(document.getElementById(newRequestsEmail.getAttribute("aria-describedby")!)!.textContent).toBe(
      "E-mail: none of your groups sends new requests now (all are Off).",
    );
    // News of my requests still comes by e-mail on Never: its switch says so.
    const updates = screen.getByRole("switch", { name: "E-mail: A neighbour claims, unclaims or fulfils my request" });
    expect(updates).toHaveProperty("checked", true);
    const push = screen.getByRole("switch", { name: "Push: Thanks for a request I fulfilled" });
    expect(document.getElementById(push.getAttribute("aria-describedby")!)!.textContent).toMatch(
      /^Push: no device receives notifications yet/,
    );
    // On Never, the group's menu says Off once.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "As in my profile (Off)",
      "Immediate",
      "Daily",
      "Weekly",
    ]);
  });

  it("has a trips switch per channel, which a group on Daily leaves idle: a trip is told at once or not at all", async () => {
    show({ profile: "daily", group: null, email: true, push: true, devices: 1 });
    const tripsEmail = await screen.findByRole("switch", { name: "E-mail: A neighbour announces a trip to the shops" });
    expect(tripsEmail).toHaveProperty("disabled", true);
    expect(document.getElementById(tripsEmail.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Trips are told only in groups on Immediate, and none of yours is.",
    );
    // New requests still go into the daily summary.
    expect(screen.getByRole("switch", { name: "E-mail: New requests in my groups" })).toHaveProperty("checked", true);
    cleanup();
    show({ profile: "daily", group: "immediate", email: true, push: true, devices: 1 });
    const onImmediate = await screen.findByRole("switch", { name: "Push: A neighbour announces a trip to the shops" });
    expect(onImmediate).toHaveProperty("checked", true);
    expect(onImmediate).toHaveProperty("disabled", false);
  });

  it("keeps a frequency chosen until Save, the group's sentence saying what it would bring, and says the switches save at once", async () => {
    const c: Combination = { profile: "disabled", group: null, email: true, push: true, devices: 1 };
    const { calls } = show(c);
    fireEvent.click(await screen.findByLabelText("Immediate Notifications"));
    await waitFor(() => expect(screen.getByTestId("group-hears").textContent).toMatch(/^E-mail and push as soon as/));
    expect(calls.filter((call) => call.path === "user.updateEmailPreferences")).toEqual([]);
    expect(screen.getByText("These switches save as soon as you change them.")).toBeTruthy();
  });
});

describe('"Always tell me at once" (issue 41 §2)', () => {
  it("says what resting is, turns it off at once, says so in place, and puts it back on a refusal", async () => {
    const c: Combination = { profile: "immediate", group: null, email: true, push: true, devices: 0 };
    let refuse = false;
    const { calls } = show(c, {
      "user.updateAlwaysAtOnce": (input) => {
        if (refuse) throw new Error("Something went wrong");
        return input as { alwaysAtOnce: boolean };
      },
    });
    const atOnce = (await screen.findByRole("switch", { name: "Always tell me at once" })) as HTMLInputElement;
    expect(atOnce.checked).toBe(false);
    expect(screen.getByText(/once you have taken on 3 requests in 7 days, you rest/).id).toBe(
      atOnce.getAttribute("aria-describedby"),
    );
    fireEvent.click(atOnce);
    expect(await screen.findByText(/^Saved: you will hear of new requests at once/)).toBeTruthy();
    expect(atOnce.checked).toBe(true);
    expect(calls.filter((call) => call.path === "user.updateAlwaysAtOnce").map((call) => call.input)).toEqual([
      { alwaysAtOnce: true },
    ]);
    refuse = true;
    fireEvent.click(atOnce);
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(atOnce.checked).toBe(true);
  });
});
