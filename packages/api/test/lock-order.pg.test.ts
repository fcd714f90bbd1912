/**
 * Issue 38 item 5 on PostgreSQL with a pool, so the calls really overlap: one person skips two of their
 * repeating requests, stops another, takes a neighbour's, posts two requests and adds two items to a trip,
 * all at once, while the neighbours offer to help with that person's requests (the occurrences being
 * skipped and stopped among them). Whatever order the database picks, every call ends in an answer or a
 * refusal a person can read: never a server error such as a deadlock.
 */
import { rowsOf, userLimits } from "@hyn/db";
import { sql } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { publicMessage } from "../src/errors";
import { groupWith, quickNeighbours, tally, useHarness, type Caller } from "./support";

const h = useHarness({ maxConnections: 20 });

const ROUNDS = 20;
/** The rounds stop here on a slow machine, so the proof stays under a minute. */
const TIME_BUDGET_MS = 45_000;

/** How a call ended: "ok", a refusal's text, or, for a server error, its cause (what PostgreSQL said). */
function settled(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => "ok",
    (error: unknown) => {
      if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") {
        const cause = (error instanceof TRPCError ? error.cause : error) as { message?: string; detail?: string };
        const driverError = (cause as { cause?: { message?: string; detail?: string } }).cause ?? cause;
        return `server error: ${driverError.message ?? String(error)} ${driverError.detail ?? ""}`;
      }
      return publicMessage(error);
    },
  );
}

async function weekly(caller: Caller, groupId: string, itemDescription: string) {
  const first = await caller.requests.create({
    groupId,
    itemDescription,
    neededBy: h.inHours(48),
    repeat: { every: "week", until: null },
  });
  return { seriesId: first.seriesId!, currentId: first.id };
}

describe("one person's changes racing their neighbours' offers to help (PostgreSQL)", () => {
  it("skip, stop, take, post and a trip item beside claims end without a server error, round after round", async () => {
    const started = Date.now();
    const outcomes: string[] = [];
    let round = 0;
    for (; round < ROUNDS && Date.now() - started < TIME_BUDGET_MS; round++) {
      const [person, neighbour, tripper, ...helpers] = await quickNeighbours(h, 6, `race-${round}`);
      await h.db.update(userLimits).set({ maxOpenRequests: 100 });
      const group = await groupWith(h, person!, [neighbour!, tripper!, ...helpers], `Race ${round}`);
      const [skipped, alsoSkipped, stopped] = [
        await weekly(person!.caller, group.id, "Bread"),
        await weekly(person!.caller, group.id, "Butter"),
        await weekly(person!.caller, group.id, "Milk"),
      ];
      const theirs = await weekly(neighbour!.caller, group.id, "Eggs");
      const wanted = await Promise.all(
        ["Tea", "Rice", "Jam"].map((item) =>
          person!.caller.requests.create({ groupId: group.id, itemDescription: item, neededBy: h.inHours(24) }),
        ),
      );
      const trip = await tripper!.caller.trips.create({
        groupIds: [group.id],
        store: "Aldi",
        departsAt: h.inHours(24),
        maxItems: 10,
      });

      const [first, second, third] = helpers;
      const results = await Promise.all([
        settled(person!.caller.requestSeries.skip({ id: skipped.seriesId, requestId: skipped.currentId })),
        settled(person!.caller.requestSeries.skip({ id: alsoSkipped.seriesId, requestId: alsoSkipped.currentId })),
        settled(person!.caller.requestSeries.stop({ id: stopped.seriesId })),
        settled(person!.caller.requestSeries.take({ id: theirs.seriesId })),
        settled(
          person!.caller.requests.create({ groupId: group.id, itemDescription: "Soap", neededBy: h.inHours(24) }),
        ),
        settled(person!.caller.trips.addItem({ tripId: trip.id, itemDescription: "Flour" })),
        settled(
          person!.caller.requests.create({ groupId: group.id, itemDescription: "Salt", neededBy: h.inHours(24) }),
        ),
        settled(person!.caller.trips.addItem({ tripId: trip.id, itemDescription: "Sugar" })),
        settled(first!.caller.requests.claim({ id: skipped.currentId })),
        settled(second!.caller.requests.claim({ id: stopped.currentId })),
        settled(third!.caller.requests.claim({ id: wanted[0]!.id })),
        settled(first!.caller.requests.claim({ id: wanted[1]!.id })),
        settled(neighbour!.caller.requests.claim({ id: wanted[2]!.id })),
        settled(second!.caller.requests.claim({ id: theirs.currentId })),
      ]);
      outcomes.push(...results);
    }
    expect(
      outcomes.filter((o) => o.startsWith("server error")),
      JSON.stringify(tally(outcomes)),
    ).toEqual([]);
    expect(round).toBeGreaterThanOrEqual(5);
  }, 90_000);

  it("a skip takes the requester's limits before it writes to requests, as a post does", async () => {
    const [person, helper] = await quickNeighbours(h, 2, "order");
    const group = await groupWith(h, person!, [helper!]);
    const series = await weekly(person!.caller, group.id, "Bread");
    let skip = Promise.resolve("not started");
    const currentWasFree = await h.db.transaction(async (tx) => {
      // A post of theirs in flight: it holds their limits row until it commits.
      await tx.execute(sql`select user_id from user_limits where user_id = ${person!.user.id} for update`);
      skip = settled(person!.caller.requestSeries.skip({ id: series.seriesId, requestId: series.currentId }));
      await expect.poll(() => waitingOnLimits(), { timeout: 10_000, interval: 20 }).toBe(1);
      // Waiting there, the skip must hold nothing a post takes after the limits (the occurrence's row, and with
      // it the metric counters every write to requests updates).
      const free = rowsOf(
        await tx.execute(sql`select id from requests where id = ${series.currentId} for update skip locked`),
      );
      return free.length === 1;
    });
    expect(currentWasFree).toBe(true);
    expect(await skip).toBe("ok");
  });
});

/** Statements of this database waiting for a lock on a user_limits row. */
async function waitingOnLimits(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await h.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%from "user_limits"%for update'`),
  );
  return row!.n;
}
