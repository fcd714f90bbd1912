import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatement, users } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/**
 * PostgreSQL only: a statement prepared once (preparedStatement, read by the row mapper of ADR 0030) runs
 * on the connection of the transaction it is given, so a rollback takes its row back. Were it sent on
 * the pool instead, the row would stay.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 2 });
});
afterAll(async () => {
  await database.close();
});

const insertUser = preparedStatement((executor) =>
  executor
    .insert(users)
    .values({ email: sql.placeholder("email"), passwordHash: "x", name: sql.placeholder("name") })
    .returning({ id: users.id, email: users.email, createdAt: users.createdAt })
    .prepare("row_mapper_insert_user"),
);

const usersWith = (email: string) =>
  database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));

describe("a prepared insert (PostgreSQL)", () => {
  it("leaves no row when the transaction it ran in is rolled back", async () => {
    const { db } = database.handle;
    // Built on the database first, as a write path's statement often is: the transaction gets it bound to its own connection.
    const [kept] = await insertUser(db).execute({ email: "kept@example.com", name: "Kept" });
    expect(kept!.createdAt).toBeInstanceOf(Date);
    const rollBack = new Error("roll back");
    await expect(
      db.transaction(async (tx) => {
        const [row] = await insertUser(tx).execute({ email: "rolled@example.com", name: "Rolled" });
        expect(row).toMatchObject({ email: "rolled@example.com", createdAt: expect.any(Date) as unknown });
        expect(await tx.select({ id: users.id }).from(users).where(eq(users.email, "rolled@example.com"))).toEqual([
          { id: row!.id },
        ]);
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(await usersWith("rolled@example.com")).toEqual([]);
    expect(await usersWith("kept@example.com")).toEqual([{ id: kept!.id }]);
  });
});
