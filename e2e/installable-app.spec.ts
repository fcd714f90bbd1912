import { appendFile, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import {
  daysFromNow,
  expect,
  inviteAndJoin,
  screenshots,
  signUpAndConfirm,
  test,
  toast,
  type Mailbox,
  type OpenSecondPerson,
} from "./support";

/**
 * Issue 16, part 1: the installable app (manifest, service worker, honest offline) and the page of one
 * request that notifications open. Screenshots of the new screens go to test-results/<port>/screens.
 */

// Every other spec blocks the service worker (playwright.config.ts); here it is the subject.
test.use({ serviceWorkers: "allow" });

const builtServiceWorker = fileURLToPath(new URL("../apps/web/dist/sw.js", import.meta.url));
const NEEDS_NETWORK = "You are offline. This works again once you are back online.";

/** The page's navigator as far as these tests read it (the e2e project has no DOM types). */
type WorkerNavigator = {
  serviceWorker: {
    controller: { scriptURL: string } | null;
    getRegistration(): Promise<{ waiting: unknown } | undefined>;
  };
};

/** Waits until the service worker has installed and controls this page (it claims it on first install). */
async function controlledByServiceWorker(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => (navigator as unknown as WorkerNavigator).serviceWorker.controller?.scriptURL ?? null),
      { timeout: 20_000 },
    )
    .toMatch(/\/sw\.js$/);
}

/**
 * Olive posts in a group that Nico (and, when asked, Cleo) joined by invitation; Nico hears of new
 * requests at once. Returns the request and the link of the "I can help" e-mail Nico received.
 */
async function requestWithLink(
  page: Page,
  secondPerson: OpenSecondPerson,
  mailbox: Mailbox,
  options: { third?: boolean } = {},
) {
  await signUpAndConfirm(page, mailbox, { name: "Olive Owner" });
  const nico = await secondPerson({ watch: false });
  const nicoAccount = await signUpAndConfirm(nico.page, mailbox, { name: "Nico Neighbour" });
  expect((await nico.page.request.put("/api/user/email-preferences", { data: { frequency: "immediate" } })).ok()).toBe(
    true,
  );
  const cleo = options.third ? await secondPerson({ watch: false }) : null;
  const cleoAccount = cleo ? await signUpAndConfirm(cleo.page, mailbox, { name: "Cleo Claimer" }) : null;

  const group = await page.request.post("/api/groups", { data: { name: "Linden Lane" } });
  expect(group.status()).toBe(201);
  const groupId = ((await group.json()) as { id: string }).id;
  for (const [who, email] of [
    [nico.page, nicoAccount.email],
    ...(cleo && cleoAccount ? [[cleo.page, cleoAccount.email] as const] : []),
  ] as const) {
    await inviteAndJoin(page, who, mailbox, groupId, email);
  }
  const posted = await page.request.post("/api/requests", {
    data: {
      groupId,
      itemDescription: "A loaf of rye bread",
      storePreference: "Corner bakery",
      neededBy: daysFromNow(2),
    },
  });
  expect(posted.status()).toBe(201);
  const requestId = ((await posted.json()) as { id: string }).id;
  const link = await mailbox.waitForLink(nicoAccount.email, new RegExp(`/requests/${requestId}$`));
  const mail = (await mailbox.all(nicoAccount.email)).find((m) => m.links.includes(link))!;
  expect(mail.text).toContain(`I can help: ${link}`);
  return {
    requestId,
    link: new URL(link).pathname,
    nico: { ...nico, ...nicoAccount },
    cleo: cleo && cleoAccount ? { ...cleo, ...cleoAccount } : null,
  };
}

const statusOf = async (page: Page, requestId: string) =>
  ((await (await page.request.get(`/api/requests/${requestId}`)).json()) as { status: string }).status;

test("Chromium finds the app installable once its service worker controls the page", async ({ baseURL }) => {
  // A profile of its own: Chromium never offers to install from an incognito window, which every
  // ordinary Playwright context is.
  const profile = await mkdtemp(path.join(tmpdir(), "hyn-install-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", baseURL });
  try {
    await installableIn(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

async function installableIn(page: Page) {
  await page.goto("/login");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = (await (await page.request.get(manifestHref!)).json()) as {
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Help Your Neighbor",
    short_name: "Neighbours",
    display: "standalone",
    start_url: "/",
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect([icon.src, response.status(), response.headers()["content-type"]]).toEqual([icon.src, 200, "image/png"]);
  }
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  await controlledByServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: unknown[];
  };
  expect(installabilityErrors).toEqual([]);
  // Nothing is waiting, so there is no update to offer.
  await expect(page.getByText("New version available")).toHaveCount(0);
}

test("the installed app starts offline after one online visit: its shell and a plain offline message, no old data shown as live", async ({
  page,
  mailbox,
}) => {
  await signUpAndConfirm(page, mailbox, { name: "Otto Offline" });
  const group = await page.request.post("/api/groups", { data: { name: "Aspen Row" } });
  const groupId = ((await group.json()) as { id: string }).id;
  await page.request.post("/api/requests", {
    data: { groupId, itemDescription: "Batteries", neededBy: daysFromNow(1) },
  });
  await page.goto("/");
  await expect(page.getByTestId("request-card")).toHaveCount(1);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
  await controlledByServiceWorker(page);

  // Losing the network while the page is open: the old cards stay, plainly marked as not live.
  await page.context().setOffline(true);
  const banner = page.getByRole("status").filter({ hasText: "You are offline." });
  await expect(banner).toContainText("not live");
  await expect(page.getByTestId("live-indicator")).not.toHaveAttribute("data-status", "live");
  await screenshots(page, "offline-banner", { themes: ["light"] });

  // Opened again without a network: the shell and the message, and no data at all.
  await page.reload();
  await expect(page.locator(".topbar .brand")).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByTestId("request-card")).toHaveCount(0);
  await screenshots(page, "offline-start", { themes: ["light"] });
  // The Groups page too (issue 30): its title and a plain offline state, not "Loading…" for ever.
  await page.goto("/groups");
  await expect(page.getByRole("heading", { level: 1, name: "Your Groups" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Your groups will show here as soon as you are back online." }),
  ).toBeVisible();
  await expect(page.locator(".loading")).toHaveCount(0);
  await screenshots(page, "offline-start-groups", { themes: ["light"] });
  await page.goto("/");

  // Back online, the page loads by itself.
  await page.context().setOffline(false);
  await expect(page.getByTestId("request-card")).toHaveCount(1);
  await expect(banner).toHaveCount(0);
});

test("a signed-in neighbour who reloads the app offline keeps the navigation they had, not only About", async ({
  page,
  mailbox,
}) => {
  await signUpAndConfirm(page, mailbox, { name: "Nora Nav" });
  await page.goto("/groups");
  await expect(page.getByRole("heading", { level: 1, name: "Your Groups" })).toBeVisible();
  await controlledByServiceWorker(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const signedInLinks = ["Dashboard", "Groups", "Trips", "Profile", "About"];

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." }).first()).toBeVisible();
  for (const name of signedInLinks) await expect(nav.getByRole("link", { name, exact: true })).toBeAttached();
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await screenshots(page, "offline-reload-navigation", { themes: ["light"], widths: [1280, 390] });

  // Back online, the server's answer takes over: the same links, and Logout.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().setOffline(false);
  await expect(nav.getByRole("button", { name: "Logout" })).toBeAttached();
  for (const name of signedInLinks) await expect(nav.getByRole("link", { name, exact: true })).toBeAttached();

  // Signed out, nothing is remembered: offline again, a reload shows a visitor's navigation.
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeAttached();
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(nav.getByRole("link", { name: "About" })).toBeAttached();
  await expect(nav.getByRole("link", { name: "Groups" })).toHaveCount(0);
});

test("a neighbour opens a request from its link and claims it with one tap", async ({
  page,
  mailbox,
  secondPerson,
}) => {
  const { requestId, link, nico } = await requestWithLink(page, secondPerson, mailbox);
  await nico.page.goto(link);
  const claim = nico.page.getByRole("button", { name: "I can help" });
  await expect(claim).toBeFocused();
  await expect(nico.page.getByTestId("request-card")).toContainText("A loaf of rye bread");
  // Opening the link claimed nothing.
  expect(await statusOf(page, requestId)).toBe("open");
  await screenshots(nico.page, "request-page-open", { themes: ["light"] });

  await nico.page.keyboard.press("Enter");
  await expect(toast(nico.page, "You are now helping with")).toBeVisible();
  await expect(nico.page.getByText("You are helping with this request.")).toBeVisible();
  await expect(nico.page.getByRole("button", { name: "Mark fulfilled" })).toBeVisible();
  await expect(nico.page.getByRole("button", { name: "Unclaim" })).toBeVisible();
  expect(await statusOf(page, requestId)).toBe("claimed");
  await screenshots(nico.page, "request-page-helper", { themes: ["light"] });
  await nico.context.close();
});

test("offline, a claim is disabled with the reason before a tap, and nothing is sent later", async ({
  page,
  mailbox,
  secondPerson,
}) => {
  const { requestId, link, nico } = await requestWithLink(page, secondPerson, mailbox);
  await nico.page.goto(link);
  const claim = nico.page.getByRole("button", { name: "I can help" });
  await expect(claim).toBeFocused();
  await nico.context.setOffline(true);
  // Issue 30: not refused after a tap, but off from the start, saying why.
  await expect(claim).toBeDisabled();
  await expect(claim).toHaveAttribute("title", NEEDS_NETWORK);
  await expect(claim).toHaveAttribute("aria-describedby", /offline-reason/);
  await screenshots(nico.page, "request-page-offline-claim", { themes: ["light"] });

  await nico.context.setOffline(false);
  // Give a queued call every chance to go out: none may.
  await nico.page.waitForTimeout(1_500);
  expect(await statusOf(page, requestId)).toBe("open");
  await expect(claim).toBeEnabled();
  await nico.context.close();
});

test("a signed-out neighbour opening a request link logs in and lands on that request", async ({
  page,
  mailbox,
  secondPerson,
}) => {
  const { requestId, link, nico } = await requestWithLink(page, secondPerson, mailbox);
  await nico.context.close();
  const signedOut = await secondPerson({ watch: false });
  await signedOut.page.goto(link);
  await expect(signedOut.page).toHaveURL(`/login?redirect=${encodeURIComponent(link)}`);
  await signedOut.page.getByLabel("Email").fill(nico.email);
  await signedOut.page.getByLabel("Password").fill(nico.password);
  await signedOut.page.getByRole("button", { name: "Log In" }).click();
  await expect(signedOut.page).toHaveURL(link);
  await expect(signedOut.page.getByRole("button", { name: "I can help" })).toBeVisible();
  expect(await statusOf(page, requestId)).toBe("open");
  await signedOut.context.close();
});

test("a request already claimed says so, and a deleted one says it is gone", async ({
  page,
  mailbox,
  secondPerson,
}) => {
  const { requestId, link, nico, cleo } = await requestWithLink(page, secondPerson, mailbox, { third: true });
  expect((await cleo!.page.request.post(`/api/requests/${requestId}/claim`)).ok()).toBe(true);
  await nico.page.goto(link);
  await expect(nico.page.getByText("This request has already been claimed: Cleo Claimer is helping.")).toBeVisible();
  await expect(nico.page.getByRole("button", { name: "I can help" })).toHaveCount(0);
  await screenshots(nico.page, "request-page-claimed", { themes: ["light"] });

  // The requester's own page says who is helping.
  await page.goto(link);
  await expect(page.getByText("Cleo Claimer is helping with your request.")).toBeVisible();

  expect((await cleo!.page.request.post(`/api/requests/${requestId}/unclaim`)).ok()).toBe(true);
  expect((await page.request.delete(`/api/requests/${requestId}`)).ok()).toBe(true);
  await nico.page.reload();
  await expect(nico.page.getByText("This request is no longer available.")).toBeVisible();
  await screenshots(nico.page, "request-page-gone", { themes: ["light"] });
  await nico.context.close();
  await cleo!.context.close();
});

test("a new version of the app waits behind a visible 'New version available - Reload'", async ({ page }) => {
  await page.goto("/about");
  await controlledByServiceWorker(page);
  const firstWorker = await page.evaluate(
    () => (navigator as unknown as WorkerNavigator).serviceWorker.controller!.scriptURL,
  );
  // A new deployment: the worker's script changes on the server (restored afterwards).
  const original = await readFile(builtServiceWorker, "utf8");
  try {
    await appendFile(builtServiceWorker, `\n// deployed ${Date.now()}\n`);
    await page.reload();
    const update = page.getByRole("status").filter({ hasText: "New version available" });
    await expect(update).toBeVisible({ timeout: 20_000 });
    await screenshots(page, "update-banner", { themes: ["light"] });
    // Still the old version until the person chooses to reload.
    expect(
      await page.evaluate(() =>
        (navigator as unknown as WorkerNavigator).serviceWorker.getRegistration().then((r) => !!r?.waiting),
      ),
    ).toBe(true);

    const reloaded = page.waitForEvent("load");
    await update.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(update).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        (navigator as unknown as WorkerNavigator).serviceWorker.getRegistration().then((r) => !!r?.waiting),
      ),
    ).toBe(false);
    expect(
      await page.evaluate(() => (navigator as unknown as WorkerNavigator).serviceWorker.controller!.scriptURL),
    ).toBe(firstWorker);
  } finally {
    await writeFile(builtServiceWorker, original);
  }
});
