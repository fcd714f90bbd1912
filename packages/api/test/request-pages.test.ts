import { HOUR_MS } from "@hyn/core";
import { requests, userLimits } from "@hyn/db";
import { FINISHED_REQUESTS_PER_PAGE, messages } from "@hyn/validators";
import type { RouterOutputs } from "../src/root";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, type Neighbour } from "./support";

/**
 * Request lists in pages (issue 13, ADR 0014): the first answer holds every active request and the
 * latest finished ones; cursors walk back through the rest, each request exactly once.
 */
const h = useHarness({ scope: "file" });

/** Two new neighbours in a group of their own, so no test sees another's requests. */
async function newStreet() {
  const [ann, bo] = await h.neighbours("Ann", "Bo");
  await h.db
    .update(userLimits)
    .set({ maxOpenRequests: 1000 })
    .where(
      inArray(
        userLimits.userId,
        [ann, bo].map((n) => n.user.id),
      ),
    );
  const group = await groupWith(h, ann, [bo]);
  return { ann, bo, group };
}

const hoursAgo = (hours: number) => new Date(h.clock.now().getTime() - hours * HOUR_MS);

/**
 * `count` finished requests by `who`, written straight to the table as years of use leave them:
 * alternately fulfilled and expired, one posted per hour going back, and every third pair posted in
 * the same instant (the keyset's tie on created_at is broken by id).
 */
async function history(who: Neighbour, helper: Neighbour, groupId: string, count: number, label: string) {
  const rows = Array.from({ length: count }, (_, i) => {
    const createdAt = hoursAgo(48 + Math.floor(i / 2) * 2 + (i % 6 === 1 ? -1 : 0));
    const fulfilled = i % 2 === 0;
    return {
      userId: who.user.id,
      groupId,
      itemDescription: `${label} ${i}`,
      neededBy: new Date(createdAt.getTime() + HOUR_MS),
      status: fulfilled ? ("fulfilled" as const) : ("open" as const),
      claimedBy: fulfilled ? helper.user.id : null,
      claimedAt: fulfilled ? createdAt : null,
      fulfilledAt: fulfilled ? new Date(createdAt.getTime() + 30 * 60_000) : null,
      createdAt,
    };
  });
  await h.db.insert(requests).values(rows);
}

/** Finished as the lists mean it: fulfilled, or open and past its needed-by. */
/** A request as a caller reads it (its times typed as the wire's ISO text, ADR 0033). */
type RequestView = RouterOutputs["requests"]["mine"]["requests"][number];

const isFinished = (r: RequestView) => r.displayStatus === "fulfilled" || r.displayStatus === "expired";
const newestFirst = (a: RequestView, b: RequestView) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1);

/** Active ones the first page must always hold: one open, one claimed, one open but posted long ago. */
async function active(who: Neighbour, claimer: Neighbour, groupId: string) {
  const open = await who.caller.requests.create({ itemDescription: "Open now", groupId, neededBy: h.inHours(24) });
  const claimed = await who.caller.requests.create({
    itemDescription: "Claimed now",
    groupId,
    neededBy: h.inHours(24),
  });
  await claimer.caller.requests.claim({ id: claimed.id });
  return [open.id, claimed.id];
}

describe("a request list's first page", () => {
  it("holds every active request and only the ten latest finished ones on the dashboard", async () => {
    const { ann, bo, group: street } = await newStreet();
    await history(ann, bo, street.id, 30, "Past");
    const activeIds = await active(ann, bo, street.id);

    const dashboard = await ann.caller.requests.dashboard();
    const finished = dashboard.myRequests.filter(isFinished);
    expect(finished).toHaveLength(FINISHED_REQUESTS_PER_PAGE);
    expect(
      dashboard.myRequests
        .filter((r) => !isFinished(r))
        .map((r) => r.id)
        .sort(),
    ).toEqual([...activeIds].sort());
    expect(dashboard.myRequestsNextCursor).not.toBeNull();

    // The ten are the latest posted of the thirty.
    const everyPage = await walk((cursor) => ann.caller.requests.mine({ limit: 100, cursor }));
    const latestTen = everyPage.filter(isFinished).sort(newestFirst).slice(0, FINISHED_REQUESTS_PER_PAGE);
    expect(finished.map((r) => r.id).sort()).toEqual(latestTen.map((r) => r.id).sort());
    // Still the spec's order within the answer: open, claimed, fulfilled, expired.
    const ranks = dashboard.myRequests.map((r) => ["open", "claimed", "fulfilled", "expired"].indexOf(r.displayStatus));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("of a group holds the limit's number of finished requests, fifty unless asked", async () => {
    const { ann, bo, group: street } = await newStreet();
    await history(bo, ann, street.id, 60, "Group past");
    const activeIds = await active(ann, bo, street.id);

    const first = await bo.caller.requests.forGroup({ groupId: street.id });
    expect(first.requests.filter(isFinished)).toHaveLength(50);
    expect(
      first.requests
        .filter((r) => !isFinished(r))
        .map((r) => r.id)
        .sort(),
    ).toEqual([...activeIds].sort());
    const small = await bo.caller.requests.forGroup({ groupId: street.id, limit: 5 });
    expect(small.requests.filter(isFinished)).toHaveLength(5);
  });

  it("has no next page when every finished request fits", async () => {
    const { ann, bo, group: street } = await newStreet();
    await history(bo, ann, street.id, 4, "Few");
    const first = await bo.caller.requests.forGroup({ groupId: street.id, limit: 4 });
    expect(first.requests).toHaveLength(4);
    expect(first.nextCursor).toBeNull();
  });
});

/** Every page from the first on, concatenated. */
async function walk(read: (cursor: string | null) => Promise<{ requests: RequestView[]; nextCursor: string | null }>) {
  const seen: RequestView[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page = await read(cursor);
    seen.push(...page.requests);
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error("the pages did not end");
}

describe("paging through a request list", () => {
  it("visits every request of a person and of a group exactly once, finished ones newest first", async () => {
    const { ann, bo, group: street } = await newStreet();
    await history(ann, bo, street.id, 23, "Mine");
    await history(bo, ann, street.id, 9, "Bo's");
    const activeIds = await active(ann, bo, street.id);

    for (const read of [
      (cursor: string | null) => ann.caller.requests.mine({ limit: 4, cursor }),
      (cursor: string | null) => bo.caller.requests.forGroup({ groupId: street.id, limit: 4, cursor }),
    ]) {
      const pages: RequestView[][] = [];
      await walk(async (cursor) => {
        const page = await read(cursor);
        pages.push(page.requests.filter(isFinished));
        return page;
      });
      const all = await walk(read);
      const ids = all.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(activeIds));
      // Page after page goes back in time: each page's finished ones are older than the last page's.
      const finishedInPageOrder = pages.flatMap((page) => [...page].sort(newestFirst));
      expect(finishedInPageOrder).toEqual([...finishedInPageOrder].sort(newestFirst));
      expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
    }
    const mine = await walk((cursor) => ann.caller.requests.mine({ limit: 4, cursor }));
    expect(mine.filter(isFinished)).toHaveLength(23);
    const group = await walk((cursor) => bo.caller.requests.forGroup({ groupId: street.id, limit: 4, cursor }));
    expect(group.filter(isFinished)).toHaveLength(32);
  });

  it("does not show again a request that expired or was fulfilled after the first page was read", async () => {
    const { ann, bo, group: street } = await newStreet();
    // Older than every finished one, so a cursor by creation time alone would reach them again.
    const [soonExpired] = await h.db
      .insert(requests)
      .values({
        userId: ann.user.id,
        groupId: street.id,
        itemDescription: "Expires soon",
        neededBy: h.inHours(1),
        createdAt: hoursAgo(500),
      })
      .returning({ id: requests.id });
    const [soonFulfilled] = await h.db
      .insert(requests)
      .values({
        userId: ann.user.id,
        groupId: street.id,
        itemDescription: "Fulfilled soon",
        neededBy: h.inHours(1),
        status: "claimed",
        claimedBy: bo.user.id,
        claimedAt: hoursAgo(499),
        createdAt: hoursAgo(499),
      })
      .returning({ id: requests.id });
    await history(ann, bo, street.id, 6, "Before");

    const first = await ann.caller.requests.mine({ limit: 2 });
    expect(first.requests.map((r) => r.id)).toEqual(expect.arrayContaining([soonExpired!.id, soonFulfilled!.id]));
    h.clock.advance(2 * HOUR_MS);
    await bo.caller.requests.fulfill({ id: soonFulfilled!.id });

    const rest = await walk((cursor) => ann.caller.requests.mine({ limit: 2, cursor: cursor ?? first.nextCursor }));
    const ids = [...first.requests, ...rest].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(8);
    // A fresh first page sees them finished now.
    const fresh = await walk((cursor) => ann.caller.requests.mine({ limit: 2, cursor }));
    expect(
      fresh
        .filter((r) => r.id === soonExpired!.id || r.id === soonFulfilled!.id)
        .map((r) => r.displayStatus)
        .sort(),
    ).toEqual(["expired", "fulfilled"]);
    expect(fresh).toHaveLength(8);
  });
});

describe("a page's limit and cursor", () => {
  it("are refused with a clear message when they are not what a page can be", async () => {
    const { ann, group: street } = await newStreet();
    for (const limit of [0, 101, 1.5, -3, Number.NaN]) {
      expect(await failure(ann.caller.requests.mine({ limit }))).toEqual({
        code: "BAD_REQUEST",
        message: messages.pageLimitInvalid,
      });
      expect(await failure(ann.caller.requests.forGroup({ groupId: street.id, limit }))).toEqual({
        code: "BAD_REQUEST",
        message: messages.pageLimitInvalid,
      });
    }
    for (const cursor of [
      "",
      "garbage",
      "1.2.3",
      `1700000000000.1700000000000000.not-a-uuid`,
      `999999999999999.1700000000000000.${street.id}`,
    ]) {
      expect(await failure(ann.caller.requests.mine({ cursor }))).toEqual({
        code: "BAD_REQUEST",
        message: messages.pageCursorInvalid,
      });
    }
    // A well-formed cursor from nowhere is simply a page: nothing is lost or made up.
    expect(
      (await ann.caller.requests.mine({ cursor: `1700000000000.1700000000000000.${street.id}` })).requests,
    ).toEqual([]);
  });
});
