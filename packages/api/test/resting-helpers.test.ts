import { DAY_MS, HOUR_MS, MINUTE_MS } from "@hyn/core";
import { emailOutbox, requests } from "@hyn/db";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness, type Neighbour } from "./support";

/**
 * Issue 41 §2 and the alert of §3: a neighbour who took on 3 requests in 7 days rests; a new request reaches
 * them only if nobody has offered within half an hour (or a quarter of the time to needed-by), counted in
 * `reach.later`; immediate notices go out least-asked first; "Always tell me at once" turns resting off;
 * the "Still needed" alert goes, half-way, to those not told at once; a helper reads their own month.
 */
const start = new Date("2026-06-03T09:00:00Z");
const h = useHarness({ startsAt: start });

const POSTED = /^New request/;
const STILL_NEEDED = /^Still needed: /;

/** The e-mails `who` received whose subject matches. */
async function mailsTo(who: Neighbour, subject: RegExp) {
  await h.deliver();
  return h.inbox(who.email).filter((m) => subject.test(m.subject));
}

/** `requester` posts `count` small requests in `groupId` and `helper` claims each of them. */
async function helps(helper: Neighbour, requester: Neighbour, groupId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const request = await requester.caller.requests.create({
      itemDescription: `Errand ${i + 1}`,
      groupId,
      neededBy: h.inHours(48),
    });
    await helper.caller.requests.claim({ id: request.id });
  }
}

/**
 * Elm Street: Ann asks; Bo, Cy and Dee hear of new requests at once, Eve reads the daily summary. Bo took on
 * 3 of Cy's requests a day ago: Bo rests. Then the clock is at `start`.
 */
async function street() {
  const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
  const bo = await h.signUpUser({ name: "Bo", frequency: "immediate" });
  const cy = await h.signUpUser({ name: "Cy", frequency: "immediate" });
  const dee = await h.signUpUser({ name: "Dee", frequency: "immediate" });
  const eve = await h.signUpUser({ name: "Eve", frequency: "daily" });
  const group = await groupWith(h, ann, [bo, cy, dee, eve], "Elm Street");
  h.clock.set(new Date(start.getTime() - DAY_MS));
  await helps(bo, cy, group.id, 3);
  h.clock.set(start);
  // The errands' own notices are not what these tests read.
  await h.deliver();
  h.transport.sent.length = 0;
  h.jobs.waiting = [];
  return { ann, bo, cy, dee, eve, group };
}

async function postMilk(ann: Neighbour, groupId: string, neededInHours = 24) {
  return ann.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId,
    neededBy: h.inHours(neededInHours),
  });
}

const minutesAfter = (posted: Date, minutes: number) => new Date(posted.getTime() + minutes * MINUTE_MS);

describe("a resting helper", () => {
  it("is counted later, not now, and hears of the request 30 minutes later if nobody has offered, once", async () => {
    const { ann, bo, cy, dee, eve, group } = await street();
    const milk = await postMilk(ann, group.id);
    expect(milk.reach).toEqual({ now: 2, later: 1, daily: 1, weekly: 0, appOnly: 0 });
    expect((await ann.caller.requests.byId({ id: milk.id })).lastReach).toEqual(milk.reach);
    expect(await mailsTo(cy, POSTED)).toHaveLength(1);
    expect(await mailsTo(dee, POSTED)).toHaveLength(1);
    expect(await mailsTo(bo, POSTED)).toHaveLength(0);

    h.clock.set(minutesAfter(start, 29.9));
    expect(await h.runDueLaterReach()).toEqual([]);
    h.clock.set(minutesAfter(start, 30));
    expect(await h.runDueLaterReach()).toEqual(["sent"]);
    const [late, ...more] = await mailsTo(bo, POSTED);
    expect(more).toHaveLength(0);
    expect(late!.text).toContain("Two pints of milk");
    // Honest: only the one counted later is told later; nobody told at once hears it twice, nor the summary's reader.
    expect(await mailsTo(cy, POSTED)).toHaveLength(1);
    expect(await mailsTo(eve, POSTED)).toHaveLength(0);
    expect(await mailsTo(ann, POSTED)).toHaveLength(0);

    // A retry, a restart or another instance running the same job sends nothing more.
    const job = { requestId: milk.id, noticeAt: start.toISOString(), userIds: [bo.user.id] };
    expect(await h.services.laterReach.run(job)).toBe("already sent");
    expect(await mailsTo(bo, POSTED)).toHaveLength(1);
  });

  it("hears nothing when someone offered in the meantime, even if they gave it back", async () => {
    const { ann, bo, cy, dee, group } = await street();
    const claimed = await postMilk(ann, group.id);
    h.clock.set(minutesAfter(start, 10));
    await cy.caller.requests.claim({ id: claimed.id });

    h.clock.set(start);
    const givenBack = await ann.caller.requests.create({
      itemDescription: "A loaf of bread",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    h.clock.set(minutesAfter(start, 10));
    await dee.caller.requests.claim({ id: givenBack.id });
    await dee.caller.requests.unclaim({ id: givenBack.id });

    h.clock.set(minutesAfter(start, 30));
    expect((await h.runDueLaterReach()).sort()).toEqual(["offered", "request claimed"]);
    expect(await mailsTo(bo, POSTED)).toHaveLength(0);
  });

  it("hears sooner of a request needed soon: at a quarter of the time to its needed-by", async () => {
    const { ann, bo, group } = await street();
    await postMilk(ann, group.id, 1);
    h.clock.set(minutesAfter(start, 14.9));
    expect(await h.runDueLaterReach()).toEqual([]);
    h.clock.set(minutesAfter(start, 15));
    expect(await h.runDueLaterReach()).toEqual(["sent"]);
    expect(await mailsTo(bo, POSTED)).toHaveLength(1);
  });

  it("no longer rests 7 days after taking on the third request", async () => {
    const { ann, bo, group } = await street();
    // Bo took them on a day before `start`: 6 days on, still resting; a moment past 7 days, not.
    h.clock.set(new Date(start.getTime() + 6 * DAY_MS - 1));
    expect((await postMilk(ann, group.id)).reach).toMatchObject({ now: 2, later: 1 });
    h.clock.set(new Date(start.getTime() + 6 * DAY_MS + 1));
    const bread = await ann.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    expect(bread.reach).toMatchObject({ now: 3, later: 0 });
    expect((await mailsTo(bo, POSTED)).map((m) => m.subject)).toEqual(["New request in Elm Street: Bread"]);
  });

  it('is told at once after choosing "Always tell me at once", and rests again after turning it off', async () => {
    const { ann, bo, group } = await street();
    expect((await bo.caller.user.notificationPreferences()).alwaysAtOnce).toBe(false);
    expect(await bo.caller.user.updateAlwaysAtOnce({ alwaysAtOnce: true })).toEqual({ alwaysAtOnce: true });
    expect((await bo.caller.user.notificationPreferences()).alwaysAtOnce).toBe(true);

    const milk = await postMilk(ann, group.id);
    expect(milk.reach).toEqual({ now: 3, later: 0, daily: 1, weekly: 0, appOnly: 0 });
    expect(await mailsTo(bo, POSTED)).toHaveLength(1);
    expect(h.jobs.waiting.filter((j) => j.name === "later-reach")).toHaveLength(0);

    await bo.caller.user.updateAlwaysAtOnce({ alwaysAtOnce: false });
    const bread = await ann.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    expect(bread.reach).toMatchObject({ now: 2, later: 1 });
  });

  it("is counted later in a re-sent notice too, and hears of it later if still nobody offered", async () => {
    const { ann, bo, group } = await street();
    const milk = await postMilk(ann, group.id);
    h.clock.set(minutesAfter(start, 30));
    await h.runDueLaterReach();
    h.clock.set(minutesAfter(start, 90));
    const resent = await ann.caller.requests.notify({ id: milk.id });
    expect(resent.reach).toMatchObject({ now: 2, later: 1 });
    h.clock.set(minutesAfter(start, 120));
    expect(await h.runDueLaterReach()).toEqual(["sent"]);
    expect(await mailsTo(bo, POSTED)).toHaveLength(2);
  });
});

describe("a repeating request's next occurrence", () => {
  it("is told to the resting helpers later too, by the same rule", async () => {
    const { ann, bo, cy, group } = await street();
    const first = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Oat milk",
      neededBy: h.inHours(48),
      repeat: { every: "week" },
    });
    await cy.caller.requests.claim({ id: first.id });
    await cy.caller.requests.fulfill({ id: first.id });
    h.jobs.waiting = h.jobs.waiting.filter((job) => job.name !== "later-reach");
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const [next] = (await ann.caller.requests.mine({})).requests.filter((r) => r.displayStatus === "open");
    expect(next!.lastReach).toMatchObject({ later: 1 });
    await h.deliver();
    const before = (await mailsTo(bo, /Oat milk/)).length;
    h.clock.advance(30 * MINUTE_MS);
    expect(await h.runDueLaterReach()).toEqual(["sent"]);
    expect(await mailsTo(bo, /Oat milk/)).toHaveLength(before + 1);
  });
});

describe("immediate notices", () => {
  it("go out least-asked first: the fewest offers in 30 days first", async () => {
    const ann = await h.signUpUser({ name: "Ann", frequency: "immediate" });
    const [bo, cy, dee, fay] = [
      await h.signUpUser({ name: "Bo", frequency: "immediate" }),
      await h.signUpUser({ name: "Cy", frequency: "immediate" }),
      await h.signUpUser({ name: "Dee", frequency: "immediate" }),
      await h.signUpUser({ name: "Fay", frequency: "immediate" }),
    ];
    const other = await h.signUpUser({ name: "Gus", frequency: "immediate" });
    const group = await groupWith(h, ann, [bo!, cy!, dee!, fay!, other], "Elm Street");
    // 20 days ago Dee took on 2 requests; 10 days ago Bo took on 1 (neither rests now). 40 days ago Cy took on
    // 2, which no longer count. Fay never did.
    h.clock.set(new Date(start.getTime() - 40 * DAY_MS));
    await helps(cy!, other, group.id, 2);
    h.clock.set(new Date(start.getTime() - 20 * DAY_MS));
    await helps(dee!, other, group.id, 2);
    h.clock.set(new Date(start.getTime() - 10 * DAY_MS));
    await helps(bo!, other, group.id, 1);
    h.clock.set(start);

    const milk = await postMilk(ann, group.id);
    expect(milk.reach).toMatchObject({ now: 5, later: 0 });
    const queued = await h.db
      .select({ userId: emailOutbox.userId })
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.requestIds} @> ${JSON.stringify([milk.id])}::jsonb and ${emailOutbox.emailType} = 'request_posted'`,
      )
      .orderBy(asc(emailOutbox.seq));
    // Cy and Fay both at 0, by id; Gus at 0 too; then Bo (1), Dee (2).
    const zero = [cy!, fay!, other].map((n) => n.user.id).sort();
    expect(queued.map((row) => row.userId)).toEqual([...zero, bo!.user.id, dee!.user.id]);
  });
});

describe('the "Still needed" alert, half-way (issue 41 §3)', () => {
  it("goes to the resting helpers and the summary's readers, and the request's last reach counts them told", async () => {
    const { ann, bo, cy, dee, eve, group } = await street();
    const milk = await postMilk(ann, group.id);
    h.clock.set(minutesAfter(start, 30));
    await h.runDueLaterReach();
    h.clock.set(new Date(start.getTime() + 12 * HOUR_MS));
    expect(await h.runDueNudges()).toEqual(["sent"]);
    expect(await mailsTo(bo, STILL_NEEDED)).toHaveLength(1);
    expect(await mailsTo(eve, STILL_NEEDED)).toHaveLength(1);
    for (const told of [ann, cy, dee]) expect(await mailsTo(told, STILL_NEEDED)).toHaveLength(0);

    const card = await ann.caller.requests.byId({ id: milk.id });
    expect(card.lastReach).toEqual({ now: 4, later: 0, daily: 0, weekly: 0, appOnly: 0 });
    expect(card.lastNotifiedAt).toEqual(h.clock.now());
    const [row] = await h.db.select({ at: requests.lastNotifiedAt }).from(requests).where(eq(requests.id, milk.id));
    expect(row!.at).toEqual(h.clock.now());
  });
});

describe("a helper's own month", () => {
  it("counts the neighbours whose requests they fulfilled since the first of the month, to themselves only", async () => {
    const { bo, cy, dee, group } = await street();
    expect(await bo.caller.user.myMonth()).toEqual({
      neighboursHelped: 0,
      requestsFulfilled: 0,
      since: new Date("2026-06-01T00:00:00Z"),
    });
    const claimedOfCy = await cy.caller.requests.mine();
    for (const request of claimedOfCy.requests.slice(0, 2)) await bo.caller.requests.fulfill({ id: request.id });
    await helps(bo, dee, group.id, 1);
    const [ofDee] = (await dee.caller.requests.mine()).requests;
    await bo.caller.requests.fulfill({ id: ofDee!.id });
    expect(await bo.caller.user.myMonth()).toMatchObject({ neighboursHelped: 2, requestsFulfilled: 3 });
    // Nobody else's count moves with Bo's.
    expect(await cy.caller.user.myMonth()).toMatchObject({ neighboursHelped: 0, requestsFulfilled: 0 });
    // A new month starts at nothing.
    h.clock.set(new Date("2026-07-01T00:00:00Z"));
    expect(await bo.caller.user.myMonth()).toMatchObject({ neighboursHelped: 0, requestsFulfilled: 0 });
  });
});
