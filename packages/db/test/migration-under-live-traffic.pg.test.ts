import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { runMigrations } from "../src/migrate";
import { emptyDatabase, migrationFolder, type EmptyDatabase } from "./empty-database";

let database: EmptyDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/**
 * Issue 40: during a rolling upgrade the new instance's migration and the old instance's traffic met in a
 * deadlock, and PostgreSQL chose the old instance's POST as its victim (a 500). A migration takes its locks
 * with a lock_timeout under the deadlock check's second: it gives way, and is tried again once it can.
 */
describe("a migration meeting a live transaction", () => {
  it("gives way to it instead of deadlocking it, then applies once the transaction is done", async () => {
    database = await emptyDatabase();
    await runMigrations(database.handle, database.url);
    // Locks groups, then needs requests: the order a live transaction below takes them in reverse.
    const { folder, remove } = await migrationFolder({
      extra: [
        {
          tag: "9999_takes_two_tables",
          sql: `ALTER TABLE "groups" ADD COLUMN "lock_test_a" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "lock_test_b" integer;`,
        },
      ],
    });
    const live = postgres(database.url!, { max: 1, onnotice: () => undefined });
    const observer = postgres(database.url!, { max: 1, onnotice: () => undefined });
    try {
      const waits: string[] = [];
      let migrated: string[] | undefined;
      let liveReadMs = Infinity;
      await live.begin(async (tx) => {
        // A live call writing a request: ROW EXCLUSIVE on requests until it commits.
        await tx`LOCK TABLE requests IN ROW EXCLUSIVE MODE`;
        void runMigrations(database!.handle, database!.url, {
          folder,
          onLockWait: (wait) => waits.push(wait.migration),
        }).then((applied) => (migrated = applied));
        // Once the migration holds groups and waits for requests, the live call reads a group: a cycle.
        await expect
          .poll(
            async () =>
              (
                await observer`SELECT count(*)::int AS waiting FROM pg_locks
                               WHERE NOT granted AND relation = 'requests'::regclass`
              )[0]!.waiting,
            { timeout: 30_000, interval: 10 },
          )
          .toBe(1);
        const started = performance.now();
        await tx`SELECT count(*) FROM groups`;
        liveReadMs = performance.now() - started;
        // Still working: the migration keeps giving way meanwhile, and has not applied.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(migrated).toBeUndefined();
      });
      // The live call waited for the migration to step back, not for a deadlock check (1 s) to end one of them.
      expect(liveReadMs).toBeLessThan(900);
      await expect.poll(() => migrated, { timeout: 30_000 }).toEqual(["9999_takes_two_tables"]);
      expect(waits.length).toBeGreaterThan(0);
      expect(new Set(waits)).toEqual(new Set(["9999_takes_two_tables"]));
      const [column] = await observer`SELECT 1 FROM information_schema.columns
                                      WHERE table_name = 'requests' AND column_name = 'lock_test_b'`;
      expect(column).toBeDefined();
    } finally {
      await Promise.all([live.end(), observer.end()]);
      await remove();
    }
  });
});
