import { DAY_MS, HOUR_MS } from "@hyn/core";
import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { failure, groupWith, listen, useHarness } from "./support";

/** Repeating requests (issue 28 §2, ADR 0023): one open occurrence at a time, the next posted once. */
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });
const WEEK = 7 * DAY_MS;

async function street() {
  const [ann, bo, olga] = await h.neighbours("Ann", "Bo", "Olga");
  // Cy hears of new requests at once, so the next occurrence's posting notice reaches her inbox.
  const cy = await h.signUpUser({ name: "Cy", frequency: "immediate" });
  const group = await groupWith(h, ann, [bo, cy], "Elm Street");
  return { ann, bo, cy, olga, group };
}

async function weekly(
  ann: Awaited<ReturnType<typeof street>>["ann"],
  groupId: string,
  extra: { until?: Date; every?: "week" | "2weeks" | "month" } = {},
) {
  return ann.caller.requests.create({
    groupId,
    itemDescription: "Oat milk",
    neededBy: h.inHours(48),
    repeat: { every: extra.every ?? "week", ...(extra.until ? { until: extra.until } : {}) },
  });
}

/** The requester's open requests of the series, as the dashboard lists them. */
async function openOccurrences(caller: Awaited<ReturnType<typeof street>>["ann"]["caller"], seriesId: string) {
  const page = await caller.requests.mine({});
  return page.requests.filter((r) => r.seriesId === seriesId && r.displayStatus === "open");
}

describe("posting a repeating request", () => {
  it("answers its series, marks it as repeating, and takes one slot of the open-request limit", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    expect(first).toMatchObject({ repeats: "week", seriesHelperId: null, status: "open" });
    expect(first.seriesId).toEqual(expect.any(String));
    const series = await bo.caller.requestSeries.byId({ id: first.seriesId! });
    expect(series).toMatchObject({ every: "week", until: null, helperId: null, stoppedAt: null });
    expect(series.current?.id).toBe(first.id);
    expect(series.nextNeededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    const counts = await ann.caller.limits.counts();
    expect(counts.openRequestsCount).toBe(1);
    // A request that does not repeat answers no series.
    const single = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Tea",
      neededBy: h.inHours(5),
    });
    expect(single).toMatchObject({ seriesId: null, repeats: null });
  });

  it("refuses an end date before the first needed-by time", async () => {
    const { ann, group } = await street();
    expect(await failure(weekly(ann, group.id, { until: h.inHours(24) }))).toMatchObject({
      code: "BAD_REQUEST",
      message: messages.repeatUntilBeforeFirst,
    });
    expect((await ann.caller.requests.mine({})).requests).toEqual([]);
  });

  it("is not seen by a neighbour outside the group", async () => {
    const { ann, olga, group } = await street();
    const first = await weekly(ann, group.id);
    expect(await failure(olga.caller.requestSeries.byId({ id: first.seriesId! }))).toMatchObject({
      code: "NOT_FOUND",
      message: messages.seriesNotFound,
    });
  });
});

describe("the next occurrence", () => {
  it("is posted once when the current one is fulfilled, a week after the first, and the group hears of it", async () => {
    const { ann, bo, cy, group } = await street();
    const first = await weekly(ann, group.id);
    await bo.caller.requests.claim({ id: first.id });
    await bo.caller.requests.fulfill({ id: first.id });
    await h.deliver();
    const heardBefore = h.inbox(cy.email).length;
    expect(await h.runDueSeries()).toEqual(["posted"]);
    // The job at its needed-by time comes too, and finds the series moved on.
    h.clock.advance(48 * HOUR_MS);
    expect(await h.runDueSeries()).toEqual(["already moved on"]);
    const open = await openOccurrences(ann.caller, first.seriesId!);
    expect(open).toHaveLength(1);
    expect(open[0]!.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    expect(open[0]!.itemDescription).toBe("Oat milk");
    await h.deliver();
    expect(
      h
        .inbox(cy.email)
        .slice(heardBefore)
        .map((m) => m.subject),
    ).toEqual([expect.stringContaining("Oat milk")]);
    // Running the same job again (a retry, another instance) posts nothing more.
    expect(await h.services.series.run({ seriesId: first.seriesId!, afterIndex: 0 })).toBe("already moved on");
    expect(await openOccurrences(ann.caller, first.seriesId!)).toHaveLength(1);
  });

  it("is posted when the current one is deleted, or once it is past its needed-by time", async () => {
    const { ann, group } = await street();
    const first = await weekly(ann, group.id);
    await ann.caller.requests.remove({ id: first.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const [second] = await openOccurrences(ann.caller, first.seriesId!);
    expect(second!.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    // Nobody helped with the second: at its needed-by time the third is posted.
    h.clock.set(new Date(second!.neededBy));
    h.clock.advance(1000);
    const outcomes = await h.runDueSeries();
    expect(outcomes).toContain("posted");
    const [third] = await openOccurrences(ann.caller, first.seriesId!);
    expect(third!.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + 2 * WEEK));
  });

  it("stops after its end date", async () => {
    const { ann, group } = await street();
    const first = await weekly(ann, group.id, { until: h.inHours(48 + 24 * 8) });
    await ann.caller.requests.remove({ id: first.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const [second] = await openOccurrences(ann.caller, first.seriesId!);
    await ann.caller.requests.remove({ id: second!.id });
    expect(await h.runDueSeries()).toEqual(["over"]);
    expect((await ann.caller.requestSeries.byId({ id: first.seriesId! })).nextNeededBy).toBeNull();
  });

  it("waits while the requester is at their open-request limit", async () => {
    const { ann, group } = await street();
    const first = await weekly(ann, group.id);
    await ann.caller.requests.remove({ id: first.id });
    for (let i = 0; i < 5; i++) {
      await ann.caller.requests.create({ groupId: group.id, itemDescription: `Thing ${i}`, neededBy: h.inHours(24) });
    }
    expect(await h.runDueSeries()).toEqual(["over the open-request limit"]);
    expect(await openOccurrences(ann.caller, first.seriesId!)).toHaveLength(0);
  });
});

describe("the requester's changes", () => {
  it("skips the next one: the one after it is posted now; only the requester may", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    const skipped = await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    expect(skipped.current?.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    const open = await openOccurrences(ann.caller, first.seriesId!);
    expect(open.map((r) => r.id)).toEqual([skipped.current!.id]);
    expect(await failure(bo.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.seriesOnlyRequester,
    });
  });

  it("skips the occurrence it names once: a double tap or 20 parallel skips skip one week, answering 200", async () => {
    const { ann, group } = await street();
    const first = await weekly(ann, group.id);
    const skip = () => ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    const answers = await Promise.all(Array.from({ length: 20 }, skip));
    const second = (await openOccurrences(ann.caller, first.seriesId!)).map((r) => r.id);
    expect(second).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.current?.id).toBe(second[0]);
      expect(answer.current?.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    }
    // Again, later: it was skipped already, so nothing changes.
    expect((await skip()).current?.id).toBe(second[0]);
    expect((await openOccurrences(ann.caller, first.seriesId!)).map((r) => r.id)).toEqual(second);
    // A request of no series, or of another, is not one of this series' occurrences to skip.
    const single = await ann.caller.requests.create({
      groupId: group.id,
      itemDescription: "Tea",
      neededBy: h.inHours(5),
    });
    expect(await failure(ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: single.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.seriesNothingToSkip,
    });
  });

  it("sends no New request e-mail for a week skipped before it went, and tells open pages it was skipped, not deleted", async () => {
    const { ann, cy, group } = await street();
    const first = await weekly(ann, group.id);
    const live = await listen(h.services, ann.token);
    expect(await live.next()).toEqual({ type: "connected" });
    // Skipped before the outbox sent its "New request": that e-mail never goes; the next week's does.
    const skipped = await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    expect(await live.next()).toEqual({ type: "request.skipped", requestId: first.id, groupId: group.id, mine: true });
    live.stop();
    await h.deliver();
    const posted = h.inbox(cy.email).filter((m) => m.subject.includes("Oat milk"));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.links.some((link) => link.includes(skipped.current!.id))).toBe(true);
    expect(posted[0]!.links.some((link) => link.includes(first.id))).toBe(false);
  });

  it("tells the requester's own pages that the week posted after a skip is theirs, and a neighbour's not (issue 43)", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    const annLive = await listen(h.services, ann.token);
    const boLive = await listen(h.services, bo.token);
    expect(await annLive.next()).toEqual({ type: "connected" });
    expect(await boLive.next()).toEqual({ type: "connected" });
    const skipped = await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    const next = skipped.current!.id;
    // Ann's page must not announce her own next week as "New request from a neighbour".
    expect([await annLive.next(), await annLive.next()]).toEqual([
      { type: "request.skipped", requestId: first.id, groupId: group.id, mine: true },
      { type: "request.created", requestId: next, groupId: group.id, mine: true },
    ]);
    expect([await boLive.next(), await boLive.next()]).toEqual([
      { type: "request.skipped", requestId: first.id, groupId: group.id },
      { type: "request.created", requestId: next, groupId: group.id },
    ]);
    // The series moving on by itself (the week fulfilled) is hers too.
    await bo.caller.requests.claim({ id: next });
    await bo.caller.requests.fulfill({ id: next });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const seen = [await annLive.next(), await annLive.next(), await annLive.next()];
    expect(seen.map((e) => [e.type, "mine" in e && e.mine])).toEqual([
      ["request.claimed", true],
      ["request.fulfilled", true],
      ["request.created", true],
    ]);
    annLive.stop();
    boLive.stop();
  });

  it("skips one a helper has taken, as the requester may delete it (SPEC), and the helper hears it is gone", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    await bo.caller.requests.claim({ id: first.id });
    await h.deliver();
    const bosBefore = h.inbox(bo.email).length;
    const live = await listen(h.services, bo.token);
    expect(await live.next()).toEqual({ type: "connected" });
    const skipped = await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    expect(await live.next()).toEqual({ type: "request.skipped", requestId: first.id, groupId: group.id });
    live.stop();
    // An e-mail says so too, under his reminders, as the claim's confirmation was.
    await h.deliver();
    const told = h.inbox(bo.email).slice(bosBefore);
    expect(told.map((m) => m.subject)).toEqual(["Ann does not need Oat milk this time"]);
    expect(told[0]!.text).toContain("Elm Street");
    expect(skipped.current).toMatchObject({ status: "open", claimedBy: null });
    expect(skipped.current!.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
    expect((await bo.caller.requests.mine({})).requests.map((r) => r.id)).not.toContain(first.id);
    // A fulfilled one is done: there is nothing waiting to be skipped until the next is posted.
    await bo.caller.requests.claim({ id: skipped.current!.id });
    await bo.caller.requests.fulfill({ id: skipped.current!.id });
    expect(
      await failure(ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: skipped.current!.id })),
    ).toMatchObject({
      code: "CONFLICT",
      message: messages.seriesNothingToSkip,
    });
  });

  it("skips a week of a series a helper does every time: the one after is posted already theirs", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    await bo.caller.requestSeries.take({ id: first.seriesId! });
    const skipped = await ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id });
    expect(skipped).toMatchObject({ helperId: bo.user.id });
    expect(skipped.current).toMatchObject({ status: "claimed", claimedBy: bo.user.id });
    expect(skipped.current!.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));
  });

  it("stops the series: the open one goes, nothing more is posted, and it no longer says it repeats", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    await ann.caller.requestSeries.stop({ id: first.seriesId! });
    expect((await ann.caller.requests.mine({})).requests).toEqual([]);
    h.clock.advance(3 * DAY_MS);
    expect(await h.runDueSeries()).toEqual(["stopped"]);
    expect((await ann.caller.requests.mine({})).requests).toEqual([]);
    expect(await failure(ann.caller.requestSeries.skip({ id: first.seriesId!, requestId: first.id }))).toMatchObject({
      code: "CONFLICT",
      message: messages.seriesStopped,
    });
    // A claimed one stays to be finished, without the mark.
    const again = await weekly(ann, group.id);
    await bo.caller.requests.claim({ id: again.id });
    await ann.caller.requestSeries.stop({ id: again.seriesId! });
    expect(await ann.caller.requests.byId({ id: again.id })).toMatchObject({ status: "claimed", repeats: null });
  });

  it("edits the next unclaimed occurrence and later ones, never one a helper has taken", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    await ann.caller.requestSeries.update({ id: first.seriesId!, itemDescription: "Oat milk, 2 litres" });
    expect((await ann.caller.requests.byId({ id: first.id })).itemDescription).toBe("Oat milk, 2 litres");
    await bo.caller.requests.claim({ id: first.id });
    await ann.caller.requestSeries.update({ id: first.seriesId!, itemDescription: "Soy milk" });
    expect((await bo.caller.requests.byId({ id: first.id })).itemDescription).toBe("Oat milk, 2 litres");
    await bo.caller.requests.fulfill({ id: first.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const [second] = await openOccurrences(ann.caller, first.seriesId!);
    expect(second!.itemDescription).toBe("Soy milk");
  });

  it("changes its end date: none is posted after it, and one before the first needed-by time is refused", async () => {
    const { ann, group } = await street();
    const first = await weekly(ann, group.id);
    expect(await failure(ann.caller.requestSeries.update({ id: first.seriesId!, until: h.inHours(24) }))).toMatchObject(
      { code: "BAD_REQUEST", message: messages.repeatUntilBeforeFirst },
    );
    const ending = await ann.caller.requestSeries.update({ id: first.seriesId!, until: h.inHours(50) });
    expect(ending).toMatchObject({ until: h.inHours(50), nextNeededBy: null });
    expect(await ann.caller.requestSeries.update({ id: first.seriesId!, until: null })).toMatchObject({
      until: null,
      nextNeededBy: new Date(new Date(first.neededBy).getTime() + WEEK),
    });
  });
});

describe("a helper who does it every time", () => {
  it("gets the current and every later occurrence claimed for them, until they stop", async () => {
    const { ann, bo, cy, group } = await street();
    const first = await weekly(ann, group.id);
    expect(await failure(ann.caller.requestSeries.take({ id: first.seriesId! }))).toMatchObject({
      code: "FORBIDDEN",
      message: messages.seriesOwn,
    });
    const taken = await bo.caller.requestSeries.take({ id: first.seriesId! });
    expect(taken.helperId).toBe(bo.user.id);
    expect(taken.current).toMatchObject({ status: "claimed", claimedBy: bo.user.id, seriesHelperId: bo.user.id });
    expect(await failure(cy.caller.requestSeries.take({ id: first.seriesId! }))).toMatchObject({
      code: "CONFLICT",
      message: messages.seriesTakenByOther,
    });
    await bo.caller.requests.fulfill({ id: first.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const second = (await ann.caller.requestSeries.byId({ id: first.seriesId! })).current!;
    expect(second).toMatchObject({ status: "claimed", claimedBy: bo.user.id });
    expect(second.neededBy).toEqual(new Date(new Date(first.neededBy).getTime() + WEEK));

    await bo.caller.requestSeries.release({ id: first.seriesId! });
    await bo.caller.requests.fulfill({ id: second.id });
    expect(await h.runDueSeries()).toEqual(["posted"]);
    const third = (await ann.caller.requestSeries.byId({ id: first.seriesId! })).current!;
    expect(third).toMatchObject({ status: "open", claimedBy: null, seriesHelperId: null });
    expect(await failure(cy.caller.requestSeries.release({ id: first.seriesId! }))).toMatchObject({
      code: "CONFLICT",
      message: messages.seriesNotTaken,
    });
  });
});

describe("open dashboards hear of a series' change (issue 28 §2)", () => {
  it("an edit, a take, a release and a stop each announce the current occurrence as changed", async () => {
    const { ann, bo, group } = await street();
    const first = await weekly(ann, group.id);
    const live = await listen(h.services, ann.token);
    expect(await live.next()).toEqual({ type: "connected" });
    const changed = { type: "request.changed", requestId: first.id, groupId: group.id, mine: true };
    await ann.caller.requestSeries.update({ id: first.seriesId!, itemDescription: "Oat milk, barista" });
    expect(await live.next()).toEqual(changed);
    await bo.caller.requests.claim({ id: first.id });
    expect(await live.next()).toMatchObject({ type: "request.claimed", requestId: first.id });
    await bo.caller.requestSeries.take({ id: first.seriesId! });
    expect(await live.next()).toEqual(changed);
    await bo.caller.requestSeries.release({ id: first.seriesId! });
    expect(await live.next()).toEqual(changed);
    await ann.caller.requestSeries.stop({ id: first.seriesId! });
    expect(await live.next()).toEqual(changed);
    live.stop();
  });
});
