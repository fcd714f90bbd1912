/** `pnpm db:migrate`: applies migrations to DATABASE_URL, or to the PGlite files in DATA_DIR. */
import { createDb } from "./client";
import { runMigrations } from "./migrate";

// This CLI is a tiny entry point of its own; it reads only the two variables it documents.
const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./.data";
const handle = await createDb({ url, dataDir });
await runMigrations(handle, url);
await handle.close();
process.stdout.write(`Migrations applied to ${url ? "PostgreSQL" : `PGlite at ${dataDir}`}.\n`);
