import { DAY_MS, HOUR_MS, MINUTE_MS } from "@hyn/core";
import { emailSendLog } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, groupWith, useHarness, type Neighbour } from "./support";

/**
 * Issue 41 §1: the weekly summary. A member whose group is on Weekly gets, once a week, the week in that
 * group: what was fulfilled and by whom, thanks said, what is still needed and by when, trips coming up,
 * new members by first name; in their language, with the unsubscribe footer; and nothing after a quiet week.
 */
const ADMIN = "admin-weekly@example.com";
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z"), config: { adminEmails: new Set([ADMIN]) } });

const weekly = (who: Neighbour) => h.inbox(who.email).filter((m) => /week|semana|Woche/i.test(m.subject));
const run = () => h.services.notifications.runWeeklySummary({ slot: h.clock.now() });

describe("the weekly summary", () => {
  it("tells the week in each weekly group: fulfilled and by whom, thanks, still needed, trips, new members", async () => {
    const ann = await h.signUpUser({ name: "Ann Lee" });
    const bo = await h.signUpUser({ name: "Bo" });
    const wes = await h.signUpUser({ name: "Wes", frequency: "weekly" });
    const zed = await h.signUpUser({ name: "Zed" });
    const elm = await groupWith(h, ann, [bo, wes, zed], "Elm Street");
    // A group of Wes's on Daily: its week is not in the weekly summary.
    const oak = await groupWith(h, ann, [wes], "Oak Lane");
    await wes.caller.user.updateGroupNotifications({ groupId: oak.id, frequency: "daily" });
    await zed.caller.blocks.block({ id: wes.user.id });

    // The members above joined more than a week before the summary: not new any more.
    h.clock.advance(7 * DAY_MS + HOUR_MS);
    const milk = await ann.caller.requests.create({
      itemDescription: "Milk",
      groupId: elm.id,
      neededBy: h.inHours(48),
    });
    await bo.caller.requests.claim({ id: milk.id });
    await bo.caller.requests.fulfill({ id: milk.id });
    await ann.caller.requests.thank({ id: milk.id });
    const bread = await ann.caller.requests.create({
      itemDescription: "Bread",
      groupId: elm.id,
      neededBy: h.inHours(14 * 24),
    });
    await zed.caller.requests.create({ itemDescription: "Zed's secret", groupId: elm.id, neededBy: h.inHours(48) });
    await ann.caller.requests.create({ itemDescription: "Oak's own", groupId: oak.id, neededBy: h.inHours(48) });
    await wes.caller.requests.create({ itemDescription: "Wes's own", groupId: elm.id, neededBy: h.inHours(48) });
    await bo.caller.trips.create({ groupIds: [elm.id], store: "Aldi", departsAt: h.inHours(6 * 24 + 2) });
    const nina = await h.signUpUser({ name: "Nina Park" });
    const sam = await h.signUpUser({ name: "Sam Suspended" });
    await addMember(h, elm.id, nina);
    await addMember(h, elm.id, sam);
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada" });
    await admin.caller.admin.suspendUser({ id: sam.user.id, reason: "Spam" });

    // Sunday's run, six days later.
    h.clock.advance(6 * DAY_MS);
    expect(await run()).toEqual({ considered: 1, sent: 1 });
    await h.deliver();
    const [summary] = weekly(wes);
    expect(summary!.subject).toBe("Your week in Help Your Neighbor");
    const text = summary!.text;
    expect(text).toContain("Here is the week in your group:");
    expect(text).toContain("In Elm Street");
    expect(text).toContain("✓ Milk for Ann Lee, fulfilled by Bo.");
    expect(text).toContain("♥ Ann Lee thanked Bo for Milk.");
    expect(text).toContain("• Still needed: Bread for Ann Lee, by Mon, 22 Jun 2026, 11:00 (UTC).");
    expect(text).toContain(`http://localhost:3000/requests/${bread.id}`);
    expect(text).toContain("→ Bo is going to Aldi on Sun, 14 Jun 2026, 13:00 (UTC): ask for something on the way.");
    expect(text).toContain("New this week: Nina. Say hello!");
    // Blocks, suspended accounts, another summary's group and one's own requests are left out.
    for (const absent of ["Zed", "Sam", "Oak", "Wes's own", "Park"]) expect(text).not.toContain(absent);
    expect(summary!.links).toContain("http://localhost:3000/");
    expect(summary!.links.some((l) => /\/unsubscribe\/[A-Za-z0-9_-]+$/.test(l))).toBe(true);
    expect(summary!.links).toContain("http://localhost:3000/profile#notifications");
    expect((await wes.caller.user.emailPreferences()).lastWeeklySent).toEqual(h.clock.now());
    const [log] = await h.db.select().from(emailSendLog).where(eq(emailSendLog.emailType, "weekly_summary"));
    expect(log!.requestIds).toEqual([bread.id]);

    // Again for the same slot (another instance, a restart): nothing more.
    expect(await run()).toEqual({ considered: 0, sent: 0 });

    // A quiet week: Bread is still needed, but it was posted the week before; nothing else happened.
    h.clock.advance(7 * DAY_MS);
    expect(await run()).toEqual({ considered: 1, sent: 0 });
    await h.deliver();
    expect(weekly(wes)).toHaveLength(1);
  });

  it("sends nothing after an empty week, and nothing to those on Daily, Immediate or Never", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const wes = await h.signUpUser({ name: "Wes", frequency: "weekly" });
    const dee = await h.signUpUser({ name: "Dee", frequency: "daily" });
    const ivy = await h.signUpUser({ name: "Ivy", frequency: "immediate" });
    const street = await groupWith(h, ann, [wes, dee, ivy]);
    h.clock.advance(7 * DAY_MS);
    expect(await run()).toEqual({ considered: 1, sent: 0 });

    await ann.caller.requests.create({ itemDescription: "Eggs", groupId: street.id, neededBy: h.inHours(48) });
    h.clock.advance(MINUTE_MS);
    expect(await run()).toEqual({ considered: 1, sent: 1 });
    await h.deliver();
    for (const other of [dee, ivy, ann])
      expect(h.inbox(other.email).some((m) => /your week/i.test(m.subject))).toBe(false);
  });

  it("is written in the member's language", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const eva = await h.signUpUser({ name: "Eva", frequency: "weekly", locale: "es" });
    const udo = await h.signUpUser({ name: "Udo", frequency: "weekly", locale: "de" });
    const street = await groupWith(h, ann, [eva, udo], "Calle Mayor");
    await ann.caller.requests.create({ itemDescription: "Pan", groupId: street.id, neededBy: h.inHours(48) });
    h.clock.advance(DAY_MS);
    expect(await run()).toEqual({ considered: 2, sent: 2 });
    await h.deliver();
    const [es] = weekly(eva);
    expect(es!.subject).toBe("Tu semana en Help Your Neighbor");
    expect(es!.text).toContain("• Aún se necesita: Pan para Ann");
    expect(es!.text).toContain("Darse de baja: http://localhost:3000/unsubscribe/");
    const [de] = weekly(udo);
    expect(de!.subject).toBe("Deine Woche bei Help Your Neighbor");
    expect(de!.text).toContain("• Noch gebraucht: Pan für Ann");
  });
});
