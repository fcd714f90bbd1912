import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const integration = ["packages/*/test/**/*.test.ts", "apps/server/test/**/*.test.ts"];
// Concurrency proofs need a real server with a connection pool: PostgreSQL only.
const postgresOnly = ["**/*.pg.test.ts"];

// A template database of this run's own, so two runs on one server never drop each other's.
const templateDb = (process.env.HYN_TEMPLATE_DB ??= `hyn_tpl_${process.pid}_${Date.now().toString(36)}`);

// The migrated PGlite of this run: written once by the globalSetup, read by every test file's worker.
const pgliteSnapshot = (process.env.HYN_PGLITE_SNAPSHOT ??= join(
  tmpdir(),
  `hyn-pglite-${process.pid}-${Date.now().toString(36)}.tar`,
));

const shared = { setupFiles: ["./test/setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 };
// An integration file imports the whole app (a quarter of the suite's time when each file had a fresh
// module graph); its state lives in the harness each test opens, so a worker's files share their imports.
const integrationShared = { ...shared, isolate: false };

// With TEST_DATABASE_URL (CI) the integration suite runs on PostgreSQL, the production database; on
// PGlite, 2.5 times slower per test, only the files that exercise the embedded database itself (its
// start, migrations and demo), as the end-to-end tests run the whole app on it (ADR 0026).
// TEST_PGLITE=all runs the whole suite on both.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pgliteIncludes =
  onPostgres && process.env.TEST_PGLITE !== "all"
    ? ["packages/db/test/**/*.test.ts", "apps/server/test/{demo,readiness,admin-grant,shutdown,backup-restore}.test.ts"]
    : integration;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}", "test/*.test.ts"],
        },
      },
      {
        test: {
          ...integrationShared,
          name: "pglite",
          include: pgliteIncludes,
          exclude: [...postgresOnly, "**/node_modules/**"],
          env: { TEST_DB: "pglite", HYN_PGLITE_SNAPSHOT: pgliteSnapshot },
          globalSetup: ["./test/pglite-global-setup.ts"],
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                ...integrationShared,
                name: "postgres",
                include: integration,
                env: { TEST_DB: "postgres", HYN_TEMPLATE_DB: templateDb },
                globalSetup: ["./test/postgres-global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
