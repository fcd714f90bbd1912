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
          ...shared,
          name: "pglite",
          include: integration,
          exclude: [...postgresOnly, "**/node_modules/**"],
          env: { TEST_DB: "pglite", HYN_PGLITE_SNAPSHOT: pgliteSnapshot },
          globalSetup: ["./test/pglite-global-setup.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
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
