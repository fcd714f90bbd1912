import { HOUR_MS, MINUTE_MS, latestDigestSlot } from "@hyn/core";
import { emailOutbox, emailSendLog, userLimits } from "@hyn/db";
import { limitMessage, messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, type CapturedEmail, failure, groupWith, type Neighbour, type Harness } from "./support";

// Sign-ups happen at this time too, so sessions and links are valid at every time a test sets.
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

const schedule = { hour: 8, timeZone: "UTC" };
const requestLink = (id: string) => `http://localhost:3000/requests/${id}`;
/** Notification e-mails are non-essential (issue 15): each ends with its unsubscribe link and "Manage notifications". */
const footerLinks = [
  expect.stringMatching(/^http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]+$/),
  "http://localhost:3000/profile#notifications",
];

function post(who: Neighbour, groupId: string, item: string, neededBy = h.inHours(72)) {
  return who.caller.requests.create({ itemDescription: item, groupId, neededBy });
}

/** Delivers the outbox, then the e-mails each address has received (sign-up confirmations left out). */
async function notices<T extends Neighbour[]>(...people: T): Promise<{ [K in keyof T]: CapturedEmail[] }> {
  await h.deliver();
  return people.map((p) => h.inbox(p.email).filter((m) => !/Confirm your/.test(m.subject))) as {
    [K in keyof T]: CapturedEmail[];
  };
}

describe("immediate notifications", () => {
  it("posting e-mails each member who chose immediate, once, and nobody else", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const cy = await h.signUpUser({ name: "Cy", frequency: "daily" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "disabled" });
    const outsider = await h.signUpUser({ name: "Olga", frequency: "immediate" });
    const street = await groupWith(h, ann, [bo, cy, dee], "Elm Street");
    await groupWith(h, outsider, [ann]);

    const milk = await ann.caller.requests.create({
      itemDescription: "Two pints of milk",
      groupId: street.id,
      neededBy: h.inHours(30),
      storePreference: "Corner shop",
      pickupNotes: "Blue door",
    });
    const [toAnn, toBo, toCy, toDee, toOutsider] = await notices(ann, bo, cy, dee, outsider);
    expect(toBo).toHaveLength(1);
    expect(toAnn).toHaveLength(0);
    expect(toCy).toHaveLength(0);
    expect(toDee).toHaveLength(0);
    expect(toOutsider).toHaveLength(0);

    const [mail] = toBo;
    expect(mail!.subject).toBe("New request in Elm Street: Two pints of milk");
    expect(mail!.text).toContain("Ann asked for help in Elm Street");
    expect(mail!.text).toContain("Store preference: Corner shop");
    expect(mail!.text).toContain("Pickup notes: Blue door");
    // Posted without a choice: a similar one is fine (issue 28).
    expect(mail!.text).toContain("If it is not there: a similar one is fine");
    expect(mail!.text).toContain("Needed by: Tue, 2 Jun 2026, 16:00 (UTC)");
    expect(mail!.links).toEqual([requestLink(milk.id), ...footerLinks]);
    expect(mail!.html).toContain(`href="${requestLink(milk.id)}"`);
    // The button is the card's own: it opens the request's page with "I can help" focused.
    expect(mail!.text).toContain(`I can help: ${requestLink(milk.id)}`);

    // Delivered once: another pass of the worker sends nothing more.
    expect(await h.deliver()).toBe(0);
    expect(h.inbox(bo.email).filter((m) => m.subject.startsWith("New request"))).toHaveLength(1);
    const log = await h.db.select().from(emailSendLog).where(eq(emailSendLog.emailType, "request_posted"));
    expect(log).toEqual([
      expect.objectContaining({ userId: bo.user.id, requestIds: [milk.id], emailProviderId: expect.any(String) }),
    ]);
  });

  it("escapes what people typed in the HTML part", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const street = await groupWith(h, ann, [bo], "Oak & Ash");
    await post(ann, street.id, "Cakes & <ale>");
    const [[mail]] = await notices(bo);
    expect(mail!.html).toContain("Oak &amp; Ash");
    expect(mail!.html).not.toContain("<ale>");
  });

  it("tells an immediate requester when their request is claimed, unclaimed and fulfilled", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "disabled" });
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk");

    for (const step of ["claim", "unclaim", "claim", "fulfill"] as const)
      await bo.caller.requests[step]({ id: milk.id });
    const [toAnn, toBo] = await notices(ann, bo);
    // The outbox does not promise an order between independent e-mails.
    expect(toAnn.map((m) => m.subject).sort()).toEqual([
      "Bo can no longer help with your request: Milk",
      "Bo fulfilled your request: Milk",
      "Bo offered to help with your request: Milk",
      "Bo offered to help with your request: Milk",
    ]);
    expect(toAnn.find((m) => m.subject.includes("no longer"))!.text).toContain("it is open again for others");
    for (const mail of toAnn) expect(mail.links).toEqual([requestLink(milk.id), ...footerLinks]);
    // The helper hears only of their own claims, with the calendar file (calendar.test.ts).
    expect(toBo.map((m) => m.subject)).toEqual(["You're helping Ann with Milk", "You're helping Ann with Milk"]);
    const types = (
      await h.db.select({ type: emailSendLog.emailType }).from(emailSendLog).where(eq(emailSendLog.userId, ann.user.id))
    ).map((r) => r.type);
    expect(types.filter((t) => t !== "verify_email").sort()).toEqual([
      "request_claimed",
      "request_claimed",
      "request_fulfilled",
      "request_unclaimed",
    ]);
  });

  it("sends the requester nothing when they switched e-mails about their requests off", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "daily" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "disabled" });
    for (const who of [ann, bo]) {
      await who.caller.user.updateNotificationKind({ kind: "request_updates", email: false });
      // Nor does the helper's claim confirmation reach them: it is a reminder.
      await who.caller.user.updateNotificationKind({ kind: "reminders", email: false });
    }
    const street = await groupWith(h, bo, [ann]);
    const milk = await post(ann, street.id, "Milk");
    await bo.caller.requests.claim({ id: milk.id });
    await bo.caller.requests.fulfill({ id: milk.id });
    const eggs = await post(bo, street.id, "Eggs");
    await ann.caller.requests.claim({ id: eggs.id });
    expect(await notices(ann, bo)).toEqual([[], []]);
  });

  it("queues nothing when the change is refused: the e-mail commits with the change or not at all", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const street = await groupWith(h, ann, [bo]);
    await h.db.update(userLimits).set({ maxOpenRequests: 1 }).where(eq(userLimits.userId, ann.user.id));
    const milk = await post(ann, street.id, "Milk");
    expect((await failure(post(ann, street.id, "Bread"))).message).toBe(limitMessage("open requests", 1, 1));
    await bo.caller.requests.claim({ id: milk.id });
    expect((await failure(bo.caller.requests.claim({ id: milk.id }))).message).toBe(messages.requestNotClaimable);
    const queued = await h.db.select({ type: emailOutbox.emailType }).from(emailOutbox);
    expect(
      queued
        .map((q) => q.type)
        .filter((t) => t !== "verify_email")
        .sort(),
    ).toEqual(["claim_confirmation", "request_claimed", "request_posted"]);
  });
});

describe("re-sending the posting notice (POST /requests/{id}/notify)", () => {
  it("the owner re-sends it at most once an hour, counting from the post", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const cy = await h.signUpUser({ name: "Cy", frequency: "immediate" });
    const street = await groupWith(h, ann, [bo, cy]);
    const milk = await post(ann, street.id, "Milk");

    const tooSoon = { code: "TOO_MANY_REQUESTS", message: messages.notifyTooSoon };
    expect(await failure(ann.caller.requests.notify({ id: milk.id }))).toEqual(tooSoon);
    h.clock.advance(59 * MINUTE_MS);
    expect(await failure(ann.caller.requests.notify({ id: milk.id }))).toEqual(tooSoon);
    h.clock.advance(MINUTE_MS);
    // The answer says when this notice went and when the next may, so the card can wait without asking.
    expect(await ann.caller.requests.notify({ id: milk.id })).toEqual({
      ok: true,
      notifiedCount: 2,
      reach: { now: 2, later: 0, daily: 0, weekly: 0, appOnly: 0 },
      lastNotifiedAt: h.clock.now(),
      nextNotifyAt: h.inHours(1),
    });
    expect(await failure(ann.caller.requests.notify({ id: milk.id }))).toEqual(tooSoon);

    const [toBo, toCy, toAnn] = await notices(bo, cy, ann);
    expect(toBo).toHaveLength(2);
    expect(toCy).toHaveLength(2);
    expect(toAnn).toHaveLength(0);
    expect(toBo[1]!.links).toEqual([requestLink(milk.id), ...footerLinks]);
    expect((await ann.caller.requests.mine()).requests[0]!.lastNotifiedAt).toEqual(h.clock.now());
  });

  it("is for the owner only, and only while the request is open and not expired", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
    const street = await groupWith(h, ann, [bo]);
    const milk = await post(ann, street.id, "Milk", h.inHours(5));
    const bread = await post(ann, street.id, "Bread", h.inHours(1));
    h.clock.advance(HOUR_MS + MINUTE_MS);

    expect(await failure(bo.caller.requests.notify({ id: milk.id }))).toEqual({
      code: "FORBIDDEN",
      message: messages.notifyOnlyOwnRequests,
    });
    expect(await failure(ann.caller.requests.notify({ id: bread.id }))).toEqual({
      code: "CONFLICT",
      message: messages.notifyOnlyOpenRequests,
    });
    await bo.caller.requests.claim({ id: milk.id });
    expect(await failure(ann.caller.requests.notify({ id: milk.id }))).toEqual({
      code: "CONFLICT",
      message: messages.notifyOnlyOpenRequests,
    });
  });
});

describe("the daily summary", () => {
  const run = (options: Partial<Parameters<Harness["services"]["notifications"]["runDailyDigest"]>[0]> = {}) =>
    h.services.notifications.runDailyDigest({ slot: latestDigestSlot(h.clock.now(), schedule), ...options });
  const digests = (who: Neighbour) => h.inbox(who.email).filter((m) => /new requests? in your/.test(m.subject));

  it("goes out once a day to daily members, listing only the open requests posted since the last one", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    const street = await groupWith(h, ann, [dee], "Elm Street");
    const milk = await post(ann, street.id, "Milk", h.inHours(72));
    await post(dee, street.id, "Dee's own request");

    // 08:00 on 2 June: the first summary lists everything open and new.
    h.clock.set(new Date("2026-06-02T08:00:30Z"));
    expect(await run()).toEqual({ considered: 1, sent: 1 });
    await h.deliver();
    expect(digests(dee)).toHaveLength(1);
    const [first] = digests(dee);
    expect(first!.subject).toBe("1 new request in your Help Your Neighbor groups");
    expect(first!.text).toContain("Milk — Ann in Elm Street");
    expect(first!.text).not.toContain("Dee's own request");
    expect(first!.links).toEqual([requestLink(milk.id), "http://localhost:3000/", ...footerLinks]);
    expect((await dee.caller.user.emailPreferences()).lastDailySent).toEqual(h.clock.now());
    const firstSentAt = h.clock.now();

    // Later the same day (another instance, or a restart): nothing more.
    h.clock.advance(3 * HOUR_MS);
    expect(await run()).toEqual({ considered: 0, sent: 0 });

    // The next day with nothing new: no e-mail, and the last-sent time stays.
    h.clock.set(new Date("2026-06-03T08:01:00Z"));
    expect(await run()).toEqual({ considered: 1, sent: 0 });
    await h.deliver();
    expect(digests(dee)).toHaveLength(1);
    expect((await dee.caller.user.emailPreferences()).lastDailySent).toEqual(firstSentAt);

    // Something new: the next summary lists it and not what was already sent.
    h.clock.set(new Date("2026-06-03T12:00:00Z"));
    const bread = await post(ann, street.id, "Bread", h.inHours(48));
    h.clock.set(new Date("2026-06-04T08:00:00Z"));
    expect(await run()).toEqual({ considered: 1, sent: 1 });
    await h.deliver();
    expect(digests(dee)).toHaveLength(2);
    const second = digests(dee)[1]!;
    expect(second.text).toContain("Bread");
    expect(second.text).not.toContain("Milk");
    expect(second.links[0]).toBe(requestLink(bread.id));
    const log = await h.db.select().from(emailSendLog).where(eq(emailSendLog.emailType, "daily_digest"));
    expect(log.map((l) => l.requestIds)).toEqual([[milk.id], [bread.id]]);
  });

  it("sends nothing on an empty day, not even an empty summary (issue 41)", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    await groupWith(h, ann, [dee], "Quiet Street");
    h.clock.set(new Date("2026-06-02T08:00:00Z"));
    expect(await run()).toEqual({ considered: 1, sent: 0 });
    await h.deliver();
    expect(digests(dee)).toHaveLength(0);
    expect((await dee.caller.user.emailPreferences()).lastDailySent).toBeNull();
  });

  it("lists only open, unexpired requests of the member's own groups", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const bo = await h.signUpUser({ name: "Bo", frequency: "disabled" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    const street = await groupWith(h, ann, [dee, bo]);
    const elsewhere = await groupWith(h, bo);
    await post(ann, street.id, "Open one", h.inHours(72));
    const claimed = await post(ann, street.id, "Claimed one", h.inHours(72));
    await post(ann, street.id, "Expired one", h.inHours(10));
    await post(bo, elsewhere.id, "Another group's");
    await bo.caller.requests.claim({ id: claimed.id });
    const eve = await h.signUpUser({ name: "Eve", frequency: "daily" }); // in no group: she has no group on Daily, so she is not even considered

    h.clock.set(new Date("2026-06-02T08:00:00Z"));
    expect(await run()).toEqual({ considered: 1, sent: 1 });
    await h.deliver();
    const [summary] = digests(dee);
    expect(summary!.text).toContain("Open one");
    for (const absent of ["Claimed one", "Expired one", "Another group's"]) expect(summary!.text).not.toContain(absent);
    expect(digests(eve)).toHaveLength(0);
  });

  it("a run stopped part-way, or crashing, and started again finishes without repeating what was sent", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "disabled" });
    const members: Neighbour[] = [];
    for (const name of ["Bo", "Cy", "Dee", "Eve", "Fay"])
      members.push(await h.signUpUser({ name, frequency: "daily" }));
    const street = await groupWith(h, ann, members);
    await post(ann, street.id, "Milk");
    h.clock.set(new Date("2026-06-02T08:00:00Z"));

    // Stopped (shutdown) after two members were e-mailed.
    const stop = new AbortController();
    let settled = 0;
    const stopped = await run({ signal: stop.signal, onMember: () => ++settled === 2 && stop.abort() });
    expect(stopped).toEqual({ considered: 2, sent: 2 });

    // Crashing after one more member's e-mail committed.
    await expect(
      run({
        onMember: () => {
          throw new Error("process killed");
        },
      }),
    ).rejects.toThrow("process killed");

    h.clock.advance(5 * MINUTE_MS);
    expect(await run()).toEqual({ considered: 2, sent: 2 });
    expect(await run()).toEqual({ considered: 0, sent: 0 });
    await h.deliver();
    for (const member of members) expect(digests(member)).toHaveLength(1);

    // The next day starts afresh, once more for everybody with something new.
    h.clock.set(new Date("2026-06-02T12:00:00Z"));
    await post(ann, street.id, "Bread");
    h.clock.set(new Date("2026-06-03T08:00:00Z"));
    expect(await run()).toEqual({ considered: 5, sent: 5 });
  });
});
