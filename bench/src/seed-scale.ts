/**
 * `pnpm seed:scale -- --preset 10k | 100k | 1m` or `--users N --groups N --requests N` [--reset]:
 * fills DATABASE_URL (or PGlite in DATA_DIR, for the small presets) with a city's worth of neighbours.
 * Every table is filled by a few INSERT ... SELECT generate_series statements computed inside the
 * database, so no row crosses the wire and 1M requests take minutes, not hours.
 */
import { hashPassword } from "@hyn/core";
import { createDb, runMigrations } from "@hyn/db";
import { parseSeedArgs, type SeedSize } from "./seed-args";
import { seedStatements, SEED_PASSWORD } from "./seed-sql";
import { sql } from "drizzle-orm";

const size: SeedSize = parseSeedArgs(process.argv.slice(2));
const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./.data";
if (!url && size.requests > 200_000) {
  process.stderr.write(
    "PGlite is for the small presets: set DATABASE_URL to a PostgreSQL server for more than 200k requests.\n",
  );
  process.exit(1);
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const started = Date.now();
const handle = await createDb({ url, dataDir, maxConnections: 1 });
try {
  await runMigrations(handle, url);
  const existing = await handle.db.execute(sql`select count(*)::int as n from users`);
  const users = (
    Array.isArray(existing) ? existing[0] : (existing as unknown as { rows: { n: number }[] }).rows[0]
  ) as { n: number };
  if (users.n > 0 && !size.reset) {
    process.stderr.write(`The database already has ${users.n} users: pass --reset to empty it first.\n`);
    process.exit(1);
  }
  // One argon2 hash for every seeded account: hashing each would take hours, and all share one password.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  log(
    `Seeding ${url ? "PostgreSQL" : `PGlite in ${dataDir}`}: ${size.users} users, ${size.groups} groups, ${size.requests} requests`,
  );
  for (const step of seedStatements(size, passwordHash, new Date())) {
    const t0 = Date.now();
    await handle.db.execute(sql.raw(step.sql));
    log(`  ${step.label.padEnd(34)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  log(
    `Done in ${((Date.now() - started) / 1000).toFixed(0)} s. Every account's password is "${SEED_PASSWORD}"; user1@scale.test is an admin.`,
  );
} finally {
  await handle.close();
}
