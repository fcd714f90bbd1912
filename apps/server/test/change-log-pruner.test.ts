import { HOUR_MS, readTransactionHorizon } from "@hyn/core";
import { changeLog, groups } from "@hyn/db";
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { changeLogPruningPass } from "../src/jobs/change-log-pruner";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

/** The change log's rows of this test's groups (a sign-in's own rows, written when they land, are not what is measured). */
const ours: string[] = [];
const logged = async () =>
  (await app.db.select({ xid: changeLog.xid }).from(changeLog).where(inArray(changeLog.groupId, ours))).length;
const addGroup = async (name: string, createdBy: string) =>
  ours.push((await app.db.insert(groups).values({ name, createdBy }).returning({ id: groups.id }))[0]!.id);
const PERIOD_MS = HOUR_MS;

/**
 * Waits until no transaction that began before our rows is still open anywhere on the server (the
 * horizon is the cluster's: another test's transaction, in its own database, holds it back too), so
 * the first horizon the pass takes is above them.
 */
async function horizonPassesOurRows(): Promise<void> {
  const rows = await app.db.select({ xid: changeLog.xid }).from(changeLog).where(inArray(changeLog.groupId, ours));
  const newest = rows.reduce((top, { xid }) => (BigInt(xid) > top ? BigInt(xid) : top), 0n);
  await expect
    .poll(async () => BigInt(await readTransactionHorizon(app.db)) > newest, {
      timeout: 10_000,
      interval: 20,
    })
    .toBe(true);
}

describe("pruning the change log", () => {
  it("removes only rows older than a horizon taken at least a period before, never the newest", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    let now = 0;
    const pass = changeLogPruningPass(app.db, PERIOD_MS, () => now);
    await addGroup("Before", ann.userId);
    const beforeFirstHorizon = await logged();
    expect(beforeFirstHorizon).toBeGreaterThan(0);
    await horizonPassesOurRows();
    await pass(); // takes a horizon after those rows; removes nothing yet
    expect(await logged()).toBe(beforeFirstHorizon);

    await addGroup("After", ann.userId);
    now += PERIOD_MS - 1;
    await pass(); // the first horizon is not yet a period old: nothing goes
    expect(await logged()).toBe(beforeFirstHorizon + 1);

    now += 1;
    await pass(); // removes what was below the first horizon; the newer row stays
    expect(await logged()).toBe(1);
  });
});
