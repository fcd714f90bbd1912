import { DAY_MS } from "@hyn/core";
import { users } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, groupWith, useHarness, type Neighbour } from "./support";

/**
 * Quiet members, gently (issue 41 §5, PRODUCT "Quiet members"): the owner sees who has not visited for a
 * month, and a quiet member gets one e-mail of what their groups did, at most once in 90 days, never on
 * an empty month, never when switched off or suspended. Driven by the fake clock.
 */
const start = new Date("2026-05-01T09:00:00Z");
const h = useHarness({ startsAt: start });

const day = (n: number) => new Date(start.getTime() + n * DAY_MS);
/**
 * A visit now, as a session's use stamps it (ADR 0005; the harness's callers skip the HTTP hook that does).
 * `null`: they never visited.
 */
async function visit(who: Neighbour[], at: Date | null = h.clock.now()) {
  for (const person of who) await h.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, person.user.id));
}
const SUBJECT = /did this month$/;

async function monthMailsTo(who: Neighbour) {
  await h.deliver();
  return h.inbox(who.email).filter((m) => SUBJECT.test(m.subject));
}

/**
 * Elm Street on day 0: Ann owns it; Quinn, Bo and Bea are in it. Quinn blocked Bea. On day 10 Bo brings
 * Ann "Two pints of milk", Ann asks for "A bag of flour" and Bea for "Six eggs"; on day 20 Cleo Jones
 * joins. Quinn never comes back.
 */
async function elmStreet() {
  const [ann, quinn, bo, bea] = await h.neighbours("Ann Smith", "Quinn", "Bo Brown", "Bea");
  const group = await groupWith(h, ann, [quinn, bo, bea], "Elm Street");
  await quinn.caller.blocks.block({ id: bea.user.id });
  h.clock.set(day(10));
  const milk = await ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: day(12),
  });
  await bo.caller.requests.claim({ id: milk.id });
  await bo.caller.requests.fulfill({ id: milk.id });
  await ann.caller.requests.create({ itemDescription: "A bag of flour", groupId: group.id, neededBy: day(60) });
  await bea.caller.requests.create({ itemDescription: "Six eggs", groupId: group.id, neededBy: day(60) });
  h.clock.set(day(20));
  const cleo = await h.signUpUser({ name: "Cleo Jones" });
  await addMember(h, group.id, cleo);
  return { ann, quinn, bo, bea, cleo, group, others: [ann, bo, bea, cleo] };
}

describe("the owner's member list", () => {
  it("says how long a member has been quiet, counting a member who never visited from their join, to the owner only", async () => {
    const [ann, quinn, rae, nev] = await h.neighbours("Ann", "Quinn", "Rae", "Nev");
    const group = await groupWith(h, ann, [quinn, rae, nev], "Elm Street");
    await visit([nev], null);
    h.clock.set(day(29));
    await visit([rae]);
    h.clock.set(day(35));
    await visit([ann]);
    const quietOf = async (viewer: Neighbour) =>
      Object.fromEntries(
        (await viewer.caller.groups.members({ groupId: group.id })).map((m) => [m.name, m.quietSinceDays]),
      );
    expect(await quietOf(ann)).toEqual({ Ann: null, Quinn: 35, Rae: null, Nev: 35 });
    // A member sees nothing of anyone's activity.
    const seenByRae = await rae.caller.groups.members({ groupId: group.id });
    expect(seenByRae.map((m) => [m.activity, m.quietSinceDays])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    // 29 days is not quiet yet; 30 is.
    h.clock.set(new Date(day(29 + 30).getTime() - 1));
    expect((await quietOf(ann)).Rae).toBeNull();
    h.clock.set(day(29 + 30));
    expect((await quietOf(ann)).Rae).toBe(30);
  });
});

describe("the e-mail to a quiet member", () => {
  it("tells them once what their group did this month, by name, leaving out whom they blocked", async () => {
    const { quinn, ann, bo, bea, group, others } = await elmStreet();
    h.clock.set(day(35));
    await visit(others);
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 1, sent: 1 });
    const [mail, ...more] = await monthMailsTo(quinn);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("What Elm Street did this month");
    expect(mail!.text).toContain("here is what your neighbours did in the last 30 days");
    expect(mail!.text).toContain("1 request fulfilled:\n\n- Two pints of milk, brought by Bo Brown");
    expect(mail!.text).toContain("Still needed, 1 request:\n\n- A bag of flour for Ann Smith, by ");
    expect(mail!.text).toContain("New here: Cleo Jones.");
    expect(mail!.text).not.toContain("Six eggs");
    expect(mail!.text).not.toContain("Bea");
    expect(mail!.headers?.["List-Unsubscribe"] ?? mail!.links.join(" ")).toMatch(/\/unsubscribe\//);
    // Nobody else is quiet.
    for (const other of [ann, bo, bea]) expect(await monthMailsTo(other)).toEqual([]);

    // Not again within 90 days, however often the job runs; again after 90 with news.
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 0, sent: 0 });
    h.clock.set(day(35 + 89));
    await visit(others);
    await ann.caller.requests.create({ itemDescription: "Bread", groupId: group.id, neededBy: day(200) });
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 0, sent: 0 });
    expect(await monthMailsTo(quinn)).toHaveLength(1);
    h.clock.set(day(35 + 90));
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 1, sent: 1 });
    const newest = (await monthMailsTo(quinn)).at(-1)!;
    expect(newest.text).toContain("Bread for Ann Smith");
  });

  it("is in the member's language", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const quinn = await h.signUpUser({ name: "Quinn", locale: "de" });
    const group = await groupWith(h, ann, [quinn], "Lindenweg");
    h.clock.set(day(31));
    await visit([ann]);
    await ann.caller.requests.create({ itemDescription: "Mehl", groupId: group.id, neededBy: day(40) });
    await h.services.notifications.runWhileAwayNotices();
    await h.deliver();
    const [mail] = h.inbox(quinn.email).filter((m) => /diesen Monat/.test(m.subject));
    expect(mail!.subject).toBe("Was in Lindenweg diesen Monat los war");
    expect(mail!.text).toContain("Noch gebraucht, 1 Anfrage:\n\n- Mehl für Ann, bis ");
  });

  it("sends nothing on an empty month, and the member stays due for the next month with news", async () => {
    const [ann, quinn] = await h.neighbours("Ann", "Quinn");
    const group = await groupWith(h, ann, [quinn], "Elm Street");
    h.clock.set(day(45));
    await visit([ann]);
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 1, sent: 0 });
    expect(await monthMailsTo(quinn)).toEqual([]);
    await ann.caller.requests.create({ itemDescription: "Rice", groupId: group.id, neededBy: day(50) });
    h.clock.set(day(46));
    expect(await h.services.notifications.runWhileAwayNotices()).toMatchObject({ sent: 1 });
    expect(await monthMailsTo(quinn)).toHaveLength(1);
  });

  it("counts a member who never visited from when they joined the group", async () => {
    const [ann, early, late] = await h.neighbours("Ann", "Early", "Late");
    const group = await groupWith(h, ann, [early], "Elm Street");
    await visit([early], null);
    h.clock.set(day(20));
    await addMember(h, group.id, late);
    await visit([late], null);
    h.clock.set(day(31));
    await visit([ann]);
    await ann.caller.requests.create({ itemDescription: "Rice", groupId: group.id, neededBy: day(40) });
    // Early joined 31 days ago; Late 11 days ago, not quiet yet.
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 1, sent: 1 });
    expect(await monthMailsTo(early)).toHaveLength(1);
    expect(await monthMailsTo(late)).toEqual([]);
  });

  it("is not sent when switched off, nor to a suspended account", async () => {
    const { quinn, cleo, ann, bo, bea } = await elmStreet();
    await quinn.caller.user.updateNotificationKind({ kind: "while_away", email: false });
    await h.db
      .update(users)
      .set({ suspendedAt: day(20) })
      .where(eq(users.id, cleo.user.id));
    h.clock.set(day(80));
    await visit([ann, bo, bea]);
    expect(await h.services.notifications.runWhileAwayNotices()).toEqual({ considered: 0, sent: 0 });
    expect(await monthMailsTo(quinn)).toEqual([]);
    expect(await monthMailsTo(cleo)).toEqual([]);
    // The kind is listed with the others, off, and comes by e-mail only.
    const preferences = await quinn.caller.user.notificationPreferences();
    expect(preferences.kinds.find((k) => k.kind === "while_away")).toMatchObject({ email: false });
  });

  it("has an unsubscribe link that turns exactly this kind off", async () => {
    const { quinn, others } = await elmStreet();
    h.clock.set(day(35));
    await visit(others);
    await h.services.notifications.runWhileAwayNotices();
    const [mail] = await monthMailsTo(quinn);
    const link = mail!.links.find((l) => /\/unsubscribe\//.test(l))!;
    const token = new URL(link).pathname.split("/").at(-1)!;
    const anonymous = await h.caller(null);
    expect(await anonymous.unsubscribe.confirm({ token })).toMatchObject({
      scope: { type: "kind", kind: "while_away" },
      state: "stopped",
    });
    // Quinn's session ran out while away: what the profile would show them, read as the service does.
    const { kinds } = await h.services.notificationSettings.read(quinn.user.id);
    expect(kinds.find((k) => k.kind === "while_away")).toMatchObject({ email: false });
    expect(kinds.find((k) => k.kind === "new_requests")).toMatchObject({ email: true });
  });
});
