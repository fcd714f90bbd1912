import { latestDigestSlot } from "@hyn/core";
import { messages, NOTIFICATION_KINDS } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { useHarness, type CapturedEmail, failure, groupWith, type Neighbour } from "./support";

/** Issue 15: notification preferences per kind and per group, read and changed through the callers. */

const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

function post(who: Neighbour, groupId: string, item: string) {
  return who.caller.requests.create({ itemDescription: item, groupId, neededBy: h.inHours(72) });
}

/** Delivers the outbox, then the e-mails to `who` (sign-up confirmations left out). */
async function mailTo(who: Neighbour): Promise<CapturedEmail[]> {
  await h.deliver();
  return h.inbox(who.email).filter((m) => !/Confirm your/.test(m.subject));
}
const subjects = (emails: CapturedEmail[]) => emails.map((m) => m.subject);

describe("reading the preferences", () => {
  it("shows a new person every kind on, the profile's Never, and each group following it", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const elm = await groupWith(h, ann, [bo], "Elm Street");
    const ash = await groupWith(h, bo, [ann], "ash Lane");

    expect(await ann.caller.user.notificationPreferences()).toEqual({
      profileFrequency: "disabled",
      kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, email: true, push: true })),
      // By name, whatever the case.
      groups: [
        { groupId: ash.id, groupName: "ash Lane", frequency: null, effective: "off" },
        { groupId: elm.id, groupName: "Elm Street", frequency: null, effective: "off" },
      ],
      // Resting is on until they choose "Always tell me at once" (issue 41 §2).
      alwaysAtOnce: false,
    });

    await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await ann.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: "daily" });
    const after = await ann.caller.user.notificationPreferences();
    expect(after.profileFrequency).toBe("immediate");
    expect(after.groups).toEqual([
      { groupId: ash.id, groupName: "ash Lane", frequency: null, effective: "immediate" },
      { groupId: elm.id, groupName: "Elm Street", frequency: "daily", effective: "daily" },
    ]);
    // Bo's are his own.
    expect((await bo.caller.user.notificationPreferences()).groups.map((g) => g.frequency)).toEqual([null, null]);
  });
});

describe("changing a kind's channels", () => {
  it("changes the channel given and keeps the other", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    expect(await ann.caller.user.updateNotificationKind({ kind: "thanks", email: false })).toEqual({
      kind: "thanks",
      email: false,
      push: true,
    });
    expect(await ann.caller.user.updateNotificationKind({ kind: "thanks", push: false })).toEqual({
      kind: "thanks",
      email: false,
      push: false,
    });
    expect(await ann.caller.user.updateNotificationKind({ kind: "thanks", email: true })).toEqual({
      kind: "thanks",
      email: true,
      push: false,
    });
    const { kinds } = await ann.caller.user.notificationPreferences();
    expect(kinds.find((k) => k.kind === "thanks")).toEqual({ kind: "thanks", email: true, push: false });
    expect(kinds.filter((k) => k.kind !== "thanks").every((k) => k.email && k.push)).toBe(true);
  });

  it("refuses an unknown kind, an unknown channel, a channel that is not a switch, and nothing to change", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const change = (input: unknown) => failure(ann.caller.user.updateNotificationKind(input as never));
    expect(await change({ kind: "gossip", email: false })).toEqual({
      code: "BAD_REQUEST",
      message: messages.notificationKindInvalid,
    });
    expect(await change({ kind: "thanks", sms: false })).toEqual({
      code: "BAD_REQUEST",
      message: messages.notificationChannelInvalid,
    });
    expect(await change({ kind: "thanks", email: "no" })).toEqual({
      code: "BAD_REQUEST",
      message: messages.notificationChannelInvalid,
    });
    expect(await change({ kind: "thanks" })).toEqual({
      code: "BAD_REQUEST",
      message: messages.notificationChannelMissing,
    });
  });
});

describe("changing a group's frequency", () => {
  it("sets one group's own frequency and goes back to the profile's with null", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "daily" });
    const elm = await groupWith(h, ann, [], "Elm Street");
    expect(await ann.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: "off" })).toEqual({
      groupId: elm.id,
      groupName: "Elm Street",
      frequency: "off",
      effective: "off",
    });
    expect(await ann.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: null })).toEqual({
      groupId: elm.id,
      groupName: "Elm Street",
      frequency: null,
      effective: "daily",
    });
  });

  it("answers a group the caller is not in, or that does not exist, as not found, and refuses a bad frequency", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const bosGroup = await groupWith(h, bo);
    const notFound = { code: "NOT_FOUND", message: messages.groupNotFound };
    expect(await failure(ann.caller.user.updateGroupNotifications({ groupId: bosGroup.id, frequency: "off" }))).toEqual(
      notFound,
    );
    expect(await failure(ann.caller.user.updateGroupNotifications({ groupId: bosGroup.id, frequency: null }))).toEqual(
      notFound,
    );
    expect(
      await failure(
        ann.caller.user.updateGroupNotifications({ groupId: "5b1f0c2e-0000-4000-8000-000000000000", frequency: "off" }),
      ),
    ).toEqual(notFound);
    const mine = await groupWith(h, ann);
    for (const frequency of ["hourly", undefined, "disabled", 3]) {
      expect(await failure(ann.caller.user.updateGroupNotifications({ groupId: mine.id, frequency } as never))).toEqual(
        {
          code: "BAD_REQUEST",
          message: messages.groupFrequencyInvalid,
        },
      );
    }
    // Nothing was written for Bo's group.
    expect((await bo.caller.user.notificationPreferences()).groups[0]!.frequency).toBeNull();
  });
});

describe("the posting notice follows each member's group frequency", () => {
  it("a muted group sends nothing while another group still does", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const elm = await groupWith(h, ann, [bo], "Elm Street");
    const ash = await groupWith(h, ann, [bo], "Ash Lane");
    await bo.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: "off" });
    await post(ann, elm.id, "Milk");
    await post(ann, ash.id, "Bread");
    expect(subjects(await mailTo(bo))).toEqual(["New request in Ash Lane: Bread"]);
  });

  it("a group on Immediate overrides a profile's Never, and a group on Daily waits for the summary", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const never = await h.signUpUser({ name: "Never", frequency: "disabled" });
    const eager = await h.signUpUser({ name: "Eager", frequency: "immediate" });
    const elm = await groupWith(h, ann, [never, eager], "Elm Street");
    await never.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: "immediate" });
    await eager.caller.user.updateGroupNotifications({ groupId: elm.id, frequency: "daily" });
    await post(ann, elm.id, "Milk");
    expect(subjects(await mailTo(never))).toEqual(["New request in Elm Street: Milk"]);
    expect(await mailTo(eager)).toEqual([]);
  });

  it("sends nothing at once to a member with new-request e-mails off, whatever the frequency", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const elm = await groupWith(h, ann, [bo]);
    await bo.caller.user.updateNotificationKind({ kind: "new_requests", email: false });
    await post(ann, elm.id, "Milk");
    expect(await mailTo(bo)).toEqual([]);
  });
});

describe("the daily summary lists only the groups on Daily", () => {
  const runDigest = () =>
    h.services.notifications.runDailyDigest({ slot: latestDigestSlot(h.clock.now(), { hour: 8, timeZone: "UTC" }) });

  it("leaves out groups set to Immediate or Off, and includes a Daily group of a person whose profile says Never", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    const nev = await h.signUpUser({ name: "Nev", frequency: "disabled" });
    const daily = await groupWith(h, ann, [dee, nev], "Daily Street");
    const instant = await groupWith(h, ann, [dee], "Instant Street");
    const muted = await groupWith(h, ann, [dee], "Muted Street");
    await dee.caller.user.updateGroupNotifications({ groupId: instant.id, frequency: "immediate" });
    await dee.caller.user.updateGroupNotifications({ groupId: muted.id, frequency: "off" });
    await nev.caller.user.updateGroupNotifications({ groupId: daily.id, frequency: "daily" });
    await post(ann, daily.id, "Daily milk");
    await post(ann, instant.id, "Instant bread");
    await post(ann, muted.id, "Muted eggs");

    h.clock.set(new Date("2026-06-02T08:00:30Z"));
    await runDigest();
    const summaryOf = async (who: Neighbour) =>
      (await mailTo(who)).filter((m) => /new requests? in your/.test(m.subject));
    const [deesSummary] = await summaryOf(dee);
    expect(deesSummary!.text).toContain("Daily milk");
    expect(deesSummary!.text).not.toContain("Instant bread");
    expect(deesSummary!.text).not.toContain("Muted eggs");
    const [nevsSummary] = await summaryOf(nev);
    expect(nevsSummary!.text).toContain("Daily milk");
  });

  it("is not sent to a member with new-request e-mails off", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    const street = await groupWith(h, ann, [dee]);
    await dee.caller.user.updateNotificationKind({ kind: "new_requests", email: false });
    await post(ann, street.id, "Milk");
    h.clock.set(new Date("2026-06-02T08:00:30Z"));
    expect(await runDigest()).toEqual({ considered: 0, sent: 0 });
  });
});

describe("notices about my own requests", () => {
  it("reach a new person on the profile's default (Never): every kind starts on", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk");
    await bo.caller.requests.claim({ id: milk.id });
    expect(subjects(await mailTo(ann))).toEqual(["Bo offered to help with your request: Milk"]);
  });

  it("stop when the request-updates e-mail switch is off, and start again when it is back on", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk");
    await ann.caller.user.updateNotificationKind({ kind: "request_updates", email: false });
    await bo.caller.requests.claim({ id: milk.id });
    await bo.caller.requests.unclaim({ id: milk.id });
    expect(await mailTo(ann)).toEqual([]);
    // Push off changes nothing for e-mails.
    await ann.caller.user.updateNotificationKind({ kind: "request_updates", email: true, push: false });
    await bo.caller.requests.claim({ id: milk.id });
    expect(subjects(await mailTo(ann))).toEqual(["Bo offered to help with your request: Milk"]);
  });
});

describe("invitation e-mails", () => {
  it("are not sent to an account with invitation e-mails off; the invitation still waits in the app, and re-sending answers as always", async () => {
    const [owner, quiet] = await h.neighbours("Owner", "Quiet");
    const group = await owner.caller.groups.create({ name: "Elm Street" });
    await quiet.caller.user.updateNotificationKind({ kind: "invitations", email: false });

    const invite = await owner.caller.invitations.create({ groupId: group.id, email: quiet.email.toUpperCase() });
    const resent = await owner.caller.invitations.resend({ inviteToken: invite.token });
    expect(resent.emailId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await mailTo(quiet)).toEqual([]);
    expect((await quiet.caller.invitations.pending()).map((p) => p.groupName)).toEqual(["Elm Street"]);
    expect((await owner.caller.invitations.outgoing()).map((o) => o.email)).toEqual([quiet.email.toLowerCase()]);
  });

  it("are sent to an address with no account, and to an account with the switch on", async () => {
    const [owner, keen] = await h.neighbours("Owner", "Keen");
    await keen.caller.user.updateNotificationKind({ kind: "invitations", push: false });
    const group = await owner.caller.groups.create({ name: "Elm Street" });
    await owner.caller.invitations.create({ groupId: group.id, email: keen.email });
    await owner.caller.invitations.create({ groupId: group.id, email: "newcomer@example.com" });
    await h.deliver();
    expect(subjects(await mailTo(keen))).toEqual(['Owner invited you to join "Elm Street" on Help Your Neighbor']);
    expect(h.inbox("newcomer@example.com").map((m) => m.subject)).toEqual([
      'Owner invited you to join "Elm Street" on Help Your Neighbor',
    ]);
  });
});
