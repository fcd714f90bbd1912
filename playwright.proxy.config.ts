import { defineConfig, devices } from "@playwright/test";
import baseConfig from "./playwright.config";
import { proxyPort, proxyURL } from "./e2e/proxy/ports";

/**
 * The deployment of deploy/ proven end to end: two instances on one PostgreSQL behind nginx, started by
 * the specs' worker fixture (e2e/proxy/cluster.ts), since a spec restarts instances in the middle.
 * Needs the build (`pnpm build`), PostgreSQL at TEST_DATABASE_URL (default 127.0.0.1:5432) and nginx.
 * One worker: every spec file's cluster listens on the same ports (e2e/proxy/ports.ts), so two files at
 * once would restart each other's instances and send one cluster's sessions to the other's database.
 */
export default defineConfig({
  ...baseConfig,
  testDir: "./e2e/proxy",
  outputDir: `test-results/proxy-${proxyPort}`,
  use: { ...baseConfig.use, baseURL: proxyURL },
  projects: [{ name: "proxy", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: undefined,
  workers: 1,
});
