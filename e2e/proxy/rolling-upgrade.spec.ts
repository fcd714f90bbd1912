import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test, expect, type Page, type Response } from "@playwright/test";
import { Cluster } from "./cluster";
import { proxyURL } from "./ports";

/**
 * Issue 40: a rolling upgrade under a browser. Release 1 is the build under test (apps/web/dist); release 2
 * is the same code built again with another VITE_RELEASE (so its hashed files differ) and with release 1 as
 * its previous one, as README "Upgrading" builds it. Two instances behind nginx go from 1 to 2 one at a
 * time (each instance serves the build WEB_DIST names, read from the environment the cluster passes on).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), "hyn-releases-"));
const release1 = path.join(work, "release-1");
const release2 = path.join(work, "release-2");

test.describe.configure({ mode: "serial", timeout: 900_000 });

let cluster: Cluster;
test.beforeAll(async () => {
  test.setTimeout(900_000);
  cpSync(path.join(root, "apps/web/dist"), release1, { recursive: true });
  // Release 2 builds while the cluster starts on release 1 (it is served only once the test rolls to it).
  const release2Built = new Promise<void>((resolve, reject) => {
    const build = spawn(
      process.execPath,
      ["node_modules/vite/bin/vite.js", "build", "--outDir", release2, "--logLevel", "warn"],
      {
        cwd: path.join(root, "apps/web"),
        env: { ...process.env, VITE_RELEASE: "2", PREVIOUS_WEB_DIST: release1 },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    build.on("error", reject);
    build.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`release 2's build ended with ${signal ?? `exit ${code}`}`)),
    );
  });
  process.env.WEB_DIST = release1;
  cluster = new Cluster();
  await Promise.all([release2Built, cluster.start()]);
});

test.afterAll(async () => {
  await cluster?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Every /assets/ answer a page got that was not 200 (a missing chunk is what left pages blank). */
function failedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/assets/") && response.status() !== 200)
      failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname.startsWith("/assets/")) failed.push(`failed ${request.url()}`);
  });
  return failed;
}

/** A fresh visit to the login page: it shows its form, not a blank page, and says which release it runs. */
async function freshVisit(page: Page): Promise<string> {
  await page.goto(`${proxyURL}/login`);
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  return (await page.locator("html").getAttribute("data-release")) ?? "";
}

test("an open tab and fresh visits keep working while two instances roll from one release to the next", async ({
  browser,
}) => {
  // The service worker would serve files from its own cache: blocked, so every chunk comes from the instances.
  const context = await browser.newContext({ serviceWorkers: "block" });
  const tab = await context.newPage();
  const tabFailures = failedAssets(tab);
  expect(await freshVisit(tab)).toBe("");

  // Half-way: instance 0 runs release 2, instance 1 still release 1.
  process.env.WEB_DIST = release2;
  expect(await cluster.restart(0)).toBe(0);
  const seen = new Set<string>();
  for (let visit = 0; visit < 12; visit++) {
    const page = await context.newPage();
    const failures = failedAssets(page);
    seen.add(await freshVisit(page));
    // A lazy screen of whichever release this page runs.
    await page.getByRole("link", { name: "How it works" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(failures, `visit ${visit}`).toEqual([]);
    await page.close();
  }
  expect([...seen].sort()).toEqual(["", "2"]);

  // The tab of release 1 opens screens it has not loaded yet, during the roll and after it.
  await tab.getByRole("link", { name: "How it works" }).click();
  await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await cluster.restart(1)).toBe(0);
  await tab.getByRole("link", { name: "Sign Up" }).first().click();
  await expect(tab.getByRole("button", { name: "Sign Up" })).toBeVisible();
  expect(tabFailures).toEqual([]);
  expect(await tab.locator("html").getAttribute("data-release")).toBe("");
  expect(await freshVisit(tab)).toBe("2");
  await context.close();
});
