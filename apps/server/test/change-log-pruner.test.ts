import { changeLog, groups } from "@hyn/db";
import { afterEach, describe, expect, it } from "vitest";
import { startChangeLogPruner } from "../src/jobs/change-log-pruner";
import { bearerFor, createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const logged = async () => (await app.db.select({ xid: changeLog.xid }).from(changeLog)).length;

describe("pruning the change log", () => {
  it("removes only rows older than the horizon taken a period before, never the newest", async () => {
    app = await createTestApp({ REQUIRE_EMAIL_CONFIRMATION: "false" });
    const ann = await bearerFor(app, "ann@example.com");
    const pruner = startChangeLogPruner({ db: app.db, logger: app.server.log }, 60 * 60 * 1000);
    try {
      await app.db.insert(groups).values({ name: "Before", createdBy: ann.userId });
      const beforeFirstHorizon = await logged();
      expect(beforeFirstHorizon).toBeGreaterThan(0);
      await pruner.pass(); // takes a horizon after those rows; removes nothing yet
      expect(await logged()).toBe(beforeFirstHorizon);
      await app.db.insert(groups).values({ name: "After", createdBy: ann.userId });
      await pruner.pass(); // removes what was below the first horizon; the new row stays
      expect(await logged()).toBe(1);
    } finally {
      await pruner.stop();
    }
  });
});
