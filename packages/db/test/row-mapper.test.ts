import { eq, sql } from "drizzle-orm";
import { bigint, date, doublePrecision, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { perDatabase, users } from "../src";
import { compileRowMapper, withCompiledRowMappers } from "../src/row-mapper";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/** A table of this test alone, with the column kinds the app's tables do not all have. */
const kinds = pgTable("row_mapper_kinds", {
  id: integer("id").primaryKey(),
  payload: jsonb("payload").$type<{ list: number[]; nested: { at: string } } | null>(),
  big: bigint("big", { mode: "bigint" }),
  bigNumber: bigint("big_number", { mode: "number" }),
  ratio: doublePrecision("ratio"),
  day: date("day"),
  at: timestamp("at", { withTimezone: true, mode: "string" }),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 2 });
  const { db } = database.handle;
  await db.execute(sql`CREATE TABLE row_mapper_kinds (
    id integer PRIMARY KEY, payload jsonb, big bigint, big_number bigint, ratio double precision, day date, at timestamptz
  )`);
  await db.insert(kinds).values([
    {
      id: 1,
      payload: { list: [1, 2], nested: { at: "2026-03-04T05:06:07.089Z" } },
      big: 9_007_199_254_740_993n,
      bigNumber: 9_007_199_254_740_991,
      ratio: 0.1 + 0.2,
      day: "2026-03-04",
      at: "2026-03-04 05:06:07.089+00",
    },
    { id: 2, payload: null, big: null, bigNumber: null, ratio: null, day: null, at: null },
  ]);
  await db.insert(users).values([
    {
      email: "ann@example.com",
      passwordHash: "x",
      name: "Ann",
      phone: "+44 20",
      emailVerifiedAt: new Date("2026-03-04T05:06:07.089Z"),
    },
    { email: "bo@example.com", passwordHash: "x", name: "Bo" },
  ]);
});
afterAll(async () => {
  await database.close();
});

/** A select of every kind of field the app's prepared queries read: columns, nulls, Dates, `mapWith`, JSON. */
const build = (db: TestDatabase["handle"]["db"], name: string) =>
  db
    .select({
      email: users.email,
      phone: users.phone,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      nameLength: sql<number>`length(${users.name})`.mapWith(Number),
      asText: sql<string>`${users.createdAt}::text`,
      details: sql<{ name: string } | null>`json_build_object('name', ${users.name})`,
      // A name the mapper must quote to write it as a property.
      'the "name"\n': users.name,
    })
    .from(users)
    .where(eq(users.email, sql.placeholder("email")))
    .prepare(name);

describe("the row mapper made once for a prepared query", () => {
  it("reads every row exactly as drizzle's own mapping does, on both drivers", async () => {
    const { db } = database.handle;
    const drizzles = build(db, "row_mapper_drizzle");
    const compiled = withCompiledRowMappers(build(db, "row_mapper_compiled"));
    expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf("function");
    for (const email of ["ann@example.com", "bo@example.com", "nobody@example.com"]) {
      const [expected, actual] = [await drizzles.execute({ email }), await compiled.execute({ email })];
      expect(actual).toEqual(expected);
    }
    const [ann] = await compiled.execute({ email: "ann@example.com" });
    expect(ann!.emailVerifiedAt).toEqual(new Date("2026-03-04T05:06:07.089Z"));
    expect(ann!.nameLength).toBe(3);
    expect(ann!.details).toEqual({ name: "Ann" });
    expect(ann!['the "name"\n']).toBe("Ann");
    const [bo] = await compiled.execute({ email: "bo@example.com" });
    expect([bo!.phone, bo!.emailVerifiedAt]).toEqual([null, null]);
  });

  it("reads jsonb, bigint, double precision and dates kept as text as drizzle does", async () => {
    const { db } = database.handle;
    const build = (name: string) =>
      db
        .select({
          id: kinds.id,
          payload: kinds.payload,
          big: kinds.big,
          bigNumber: kinds.bigNumber,
          ratio: kinds.ratio,
          day: kinds.day,
          at: kinds.at,
        })
        .from(kinds)
        .where(eq(kinds.id, sql.placeholder("id")))
        .prepare(name);
    const drizzles = build("row_mapper_kinds_drizzle");
    const compiled = withCompiledRowMappers(build("row_mapper_kinds_compiled"));
    expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf("function");
    for (const id of [1, 2, 3]) expect(await compiled.execute({ id })).toEqual(await drizzles.execute({ id }));
    const [full] = await compiled.execute({ id: 1 });
    expect(full!.payload).toEqual({ list: [1, 2], nested: { at: "2026-03-04T05:06:07.089Z" } });
    expect(full!.big).toBe(9_007_199_254_740_993n);
    expect(full!.bigNumber).toBe(9_007_199_254_740_991);
    expect(full!.ratio).toBe(0.1 + 0.2);
    expect(full!.day).toBe("2026-03-04");
    expect(typeof full!.at).toBe("string");
    expect(new Date(full!.at!).toISOString()).toBe("2026-03-04T05:06:07.089Z");
    const [empty] = await compiled.execute({ id: 2 });
    expect(Object.values(empty!).filter((value) => value !== null)).toEqual([2]);
  });

  it("is given to the queries perDatabase builds", async () => {
    const queries = perDatabase((db) => ({ byEmail: build(db, "row_mapper_per_database") }))(database.handle.db);
    expect((queries.byEmail as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf("function");
    expect((await queries.byEmail.execute({ email: "ann@example.com" }))[0]!.email).toBe("ann@example.com");
  });

  it("leaves a select with nested objects to drizzle, which nulls a left join's missing object as a whole", () => {
    const { db } = database.handle;
    const nested = db
      .select({ user: { id: users.id, email: users.email } })
      .from(users)
      .prepare("row_mapper_nested");
    expect(compileRowMapper((nested as unknown as { fields: never }).fields)).toBeNull();
    expect((withCompiledRowMappers(nested) as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    );
  });
});
