import { groupMembers, groups, requests, users } from "@hyn/db";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import {
  REQUEST_STATUSES,
  requestPermissions,
  type RequestPermissions,
  type RequestStatus,
} from "@hyn/validators/rules";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestPermissionSql } from "../src/requests/permissions";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const EXPIRIES = { past: -60_000, "exactly now": 0, future: 60_000 } as const;
const ACTORS = ["owner", "helper", "neighbour"] as const;
const PERMISSIONS = Object.keys(requestPermissionSql) as (keyof RequestPermissions)[];

/**
 * One source for who may act on a request: the web's rule and the server's conditional updates agree
 * on every status x actor x expiry (a claimed or fulfilled request is held by "helper").
 */
describe("the request permissions in SQL", () => {
  let database: TestDatabase;
  const ids = { owner: "", helper: "", neighbour: "" };
  const rows: { id: string; status: RequestStatus; expiry: keyof typeof EXPIRIES; neededBy: Date }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database.handle;
    for (const actor of ACTORS) {
      const [user] = await db
        .insert(users)
        .values({ email: `${actor}@example.com`, passwordHash: "x" })
        .returning({ id: users.id });
      ids[actor] = user!.id;
    }
    const [group] = await db
      .insert(groups)
      .values({ name: "Street", createdBy: ids.owner })
      .returning({ id: groups.id });
    await db.insert(groupMembers).values(ACTORS.map((actor) => ({ groupId: group!.id, userId: ids[actor] })));
    for (const status of REQUEST_STATUSES) {
      for (const [expiry, offset] of Object.entries(EXPIRIES) as [keyof typeof EXPIRIES, number][]) {
        const neededBy = new Date(NOW.getTime() + offset);
        const [row] = await db
          .insert(requests)
          .values({
            groupId: group!.id,
            userId: ids.owner,
            itemDescription: `${status} ${expiry}`,
            neededBy,
            status,
            claimedBy: status === "open" ? null : ids.helper,
          })
          .returning({ id: requests.id });
        rows.push({ id: row!.id, status, expiry, neededBy });
      }
    }
  });
  afterAll(() => database.close());

  it("covers every permission of the rule", () => {
    const rule = requestPermissions({ userId: "a", status: "open", neededBy: NOW, claimedBy: null }, "b", NOW);
    expect(PERMISSIONS.sort()).toEqual(Object.keys(rule).sort());
  });

  for (const actor of ACTORS) {
    it(`agrees with the rule for the ${actor}, on every status and expiry`, async () => {
      const { db } = database.handle;
      for (const row of rows) {
        const columns = Object.fromEntries(
          PERMISSIONS.map((permission) => [permission, requestPermissionSql[permission](ids[actor], NOW)]),
        );
        const [inSql] = await db.select(columns).from(requests).where(eq(requests.id, row.id));
        const fromSql = Object.fromEntries(PERMISSIONS.map((permission) => [permission, Boolean(inSql![permission])]));
        const facts = {
          userId: ids.owner,
          status: row.status,
          neededBy: row.neededBy,
          claimedBy: row.status === "open" ? null : ids.helper,
        };
        expect(fromSql, `${row.status}, ${row.expiry}`).toEqual(requestPermissions(facts, ids[actor], NOW));
      }
    });
  }
});
