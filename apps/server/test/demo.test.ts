import { requests } from "@hyn/db";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemo } from "../src/demo/seed";
import { createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

describe("demo mode's seed", () => {
  it("lets both sample users sign in and gives every request state something to show", async () => {
    app = await createTestApp();
    const now = app.clock.now();
    await seedDemo(app.db, now);
    for (const account of DEMO_ACCOUNTS) {
      const response = await app.server.inject({
        method: "POST",
        url: "/api/auth/signin",
        payload: { email: account.email, password: account.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.name).toBe(account.name);
    }
    const rows = await app.db.select({ status: requests.status, neededBy: requests.neededBy }).from(requests);
    const states = new Set(rows.map((r) => (r.status === "open" && r.neededBy < now ? "expired" : r.status)));
    expect([...states].sort()).toEqual(["claimed", "expired", "fulfilled", "open"]);
  });
});
