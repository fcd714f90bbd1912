/** `pnpm db:migrate`: applies migrations to DATABASE_URL, or to the PGlite files in DATA_DIR. */
import { createDb } from "./client";
import { runMigrations } from "./migrate";

// This CLI is a tiny entry point of its own; it reads only the two variables it documents.
const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./.data";
const handle = await createDb({ url, dataDir });
const applied = await runMigrations(handle, url, {
  onLockWait: ({ migration, retryInMs }) =>
    process.stdout.write(`${migration} gave way to a live transaction; trying again in ${retryInMs} ms.\n`),
});
await handle.close();
for (const migration of applied) process.stdout.write(`applied migration ${migration}\n`);
process.stdout.write(
  `${applied.length ? `${applied.length} migrations` : "No migration"} applied to ${url ? "PostgreSQL" : `PGlite at ${dataDir}`}.\n`,
);
