import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two runs (two developers, two helpers) share a machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const demoPort = port + 50;
/** e2e/demo.spec.ts reads this to reach the demo server. */
export const demoURL = `http://localhost:${demoPort}`;
// Debian's Chromium; Playwright never downloads a browser here.
const executablePath = "/usr/bin/chromium";

// With TEST_DATABASE_URL (CI) the app under test runs on PostgreSQL, a database of this port's own,
// dropped and created again at every start so that a rerun begins empty; the server migrates it as it
// starts. Without it, a fresh embedded database (PGlite) in a folder of this port's own. The demo server
// below stays on PGlite either way, so the embedded database keeps its end-to-end journeys (ADR 0037).
const postgresURL = process.env.TEST_DATABASE_URL;
const e2eDatabase = `hyn_e2e_${port}`;
function databaseURL(adminURL: string, database: string): string {
  const url = new URL(adminURL);
  url.pathname = `/${database}`;
  return url.toString();
}
const database = postgresURL
  ? `PGOPTIONS='-c client_min_messages=warning' psql '${postgresURL}' -v ON_ERROR_STOP=1 -q -c 'DROP DATABASE IF EXISTS ${e2eDatabase} WITH (FORCE)' -c 'CREATE DATABASE ${e2eDatabase}' && DATABASE_URL='${databaseURL(postgresURL, e2eDatabase)}'`
  : `rm -rf .data-e2e-${port} && DATA_DIR=.data-e2e-${port}`;

export default defineConfig({
  testDir: "./e2e",
  // Per port, so two runs on one machine never delete each other's traces.
  outputDir: `test-results/${port}`,
  // Two spec files at a time (a file's tests in order): a test waits on the browser and the server more
  // than it computes, so two share the two cores (592 s instead of 757 s for 104 tests, docs/PERFORMANCE.md
  // "CI time"). Specs never share an account: each admin spec has its own address in ADMIN_EMAILS below.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    // Recording a trace costs about 40 % of a run's CPU even when it is thrown away (232 against 142 CPU
    // seconds for five spec files, docs/PERFORMANCE.md "CI time"): CI records one on a failed test's
    // retry, which is the run whose trace says what went wrong; a local run keeps a failure's trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The service worker (ADR 0016) answers from its cache, where page.route cannot reach: specs that
    // stub a request would depend on whether it had installed yet. e2e/installable-app.spec.ts allows it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/responsive\.spec\.ts/, /proxy\//],
    },
    {
      name: "phone",
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testMatch: /responsive\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // A fresh database every run (above); e-mails land in the dev mailbox the tests read.
      command: `${database} PORT=${port} APP_URL=${baseURL} NODE_ENV=test LOG_LEVEL=warn RATE_LIMIT_MULTIPLIER=100 ADMIN_EMAILS=admin-e2e@example.com,admin-actions@example.com,admin-a11y@example.com,admin-moderation@example.com,admin-pseudo@example.com pnpm start`,
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Demo mode (`pnpm demo`) on its own port, for e2e/demo.spec.ts.
      command: `DEMO_DATA_DIR=.data-e2e-demo-${port} PORT=${demoPort} APP_URL=${demoURL} NODE_ENV=test LOG_LEVEL=warn RATE_LIMIT_MULTIPLIER=100 pnpm demo`,
      url: `${demoURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
