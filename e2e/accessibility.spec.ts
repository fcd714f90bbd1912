import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, api, toast } from "./support";

/**
 * Issue 19, "Accessibility, enforced": every screen of src/app/router.tsx, and the modals and states the
 * suite reaches, pass axe at WCAG 2.2 A and AA in the light and the dark theme, at desktop and phone
 * width, and reflow at 320 CSS px (400 % zoom) without sideways scrolling. The last test fails when a
 * route of the router has no checkScreen call here.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 390];
const REFLOW_WIDTH = 320;

// Four axe runs, a reflow and a text-size check per screen: the sweeps take minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });

/** The router's pattern as a test of the current path ("*" is any path the router does not know). */
function routeMatcher(route: string): RegExp {
  if (route === "*") return /.*/;
  return new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+")}$`);
}

async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
  await expect
    .poll(() => page.locator("html").evaluate((html) => html.scrollWidth), {
      message: `${what}: sideways scroll at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
  // An open modal is fixed in place, so the page's width does not show it: it must fit, and not scroll sideways inside.
  const dialogs = page.locator("[role=dialog], dialog[open]");
  for (const dialog of await dialogs.all()) {
    const fit = await dialog.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      inner: el.scrollWidth - el.clientWidth,
    }));
    expect(fit.right, `${what}: the modal reaches past ${width} px`).toBeLessThanOrEqual(width + 1);
    expect(fit.inner, `${what}: the modal scrolls sideways inside`).toBeLessThanOrEqual(1);
  }
}

/**
 * Axe at WCAG 2.2 A/AA in both themes (the device's prefers-color-scheme, which "System" follows) and
 * both widths, then reflow at 320 px and text at 200 %; leaves the page at desktop width, light.
 */
async function expectAccessible(page: Page, what: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // A theme switch fades some backgrounds (CSS transitions): axe measures the colours they end on.
      await expect
        .poll(() =>
          page
            .locator("html")
            .evaluate(
              (html) =>
                html.ownerDocument.getAnimations().filter((animation: object) => "transitionProperty" in animation)
                  .length,
            ),
        )
        .toBe(0);
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const found = violations.map((v) => ({
        rule: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
      }));
      expect(found, `${what}, ${theme} theme, ${width} px`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await expectNoSidewaysScroll(page, REFLOW_WIDTH, what);
  // Text at 200 % (WCAG 1.4.4): the root font size doubled, as a browser's text-size setting does.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("html").evaluate((html) => (html.style.fontSize = "200%"));
  await expectNoSidewaysScroll(page, 1280, `${what} with text at 200 %`);
  await page.locator("html").evaluate((html) => (html.style.fontSize = ""));
}

/** One screen of the router, named by its route pattern (the last test reads these names). */
async function checkScreen(page: Page, route: string, state = "") {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(new URL(page.url()).pathname, `the page shown is ${route}`).toMatch(routeMatcher(route));
  await expectAccessible(page, `${route}${state ? ` (${state})` : ""}`);
}

test("every screen a visitor reaches logged out passes axe in light and dark, at desktop and phone width", async ({
  page,
}) => {
  await page.goto("/login");
  await checkScreen(page, "/login");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.locator(".field-error, .alert-error").first()).toBeVisible();
  await checkScreen(page, "/login", "errors shown");

  await page.goto("/signup");
  await checkScreen(page, "/signup");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.locator(".field-error, .alert-error").first()).toBeVisible();
  await checkScreen(page, "/signup", "errors shown");

  for (const [route, path] of [
    ["/verify-email", "/verify-email"],
    ["/forgot-password", "/forgot-password"],
    ["/reset-password", "/reset-password?token=made-up"],
    ["/groups", "/groups"],
    ["/invite", "/invite"],
    ["/join/:token", "/join/made-up-token"],
    ["/invite/:token", "/invite/made-up-token"],
    ["/unsubscribe/:token", "/unsubscribe/made-up-token"],
    ["/feedback", "/feedback"],
    ["/about", "/about"],
    ["*", "/no-such-page"],
  ] as const) {
    await page.goto(path);
    await checkScreen(page, route);
  }

  // The confirmation link's page, held while it confirms; then the failure's toast where it leads.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/trpc/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/auth/callback?token_hash=made-up&type=signup");
  await checkScreen(page, "/auth/callback", "confirming");
  release();
  await expect(page.getByTestId("toast").first()).toBeVisible();
  await page.unroute("**/trpc/**");
  await expectAccessible(page, `${new URL(page.url()).pathname} with an error toast`);
});

test("every screen of a member, empty and full, with its modals and toasts, passes axe in both themes", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
}) => {
  const olive = await confirmedUser("Olive Owner");
  await signedInPage(olive);

  await page.goto("/");
  await checkScreen(page, "/", "empty");
  await page.goto("/groups");
  await checkScreen(page, "/groups", "no group yet");

  const groupId = (await api<{ id: string }>(baseURL!, olive.token, "POST", "/groups", { name: "Maple Street" })).id;
  const nico = await confirmedUser("Nico Neighbour");
  const invite = await api<{ token: string }>(baseURL!, olive.token, "POST", "/invites", {
    groupId,
    email: nico.email,
  });

  // The invitee's join page, logged in.
  const { context: nicoContext, page: nicoPage } = await secondPerson({ user: nico, watch: false });
  await nicoPage.goto(`/join/${encodeURIComponent(invite.token)}`);
  await checkScreen(nicoPage, "/join/:token", "logged in");
  await api(baseURL!, nico.token, "POST", `/invites/${invite.token}/join`);
  const neededBy = new Date(Date.now() + 2 * 24 * 3_600_000).toISOString();
  const candles = await api<{ id: string }>(baseURL!, nico.token, "POST", "/requests", {
    groupId,
    itemDescription: "Birthday candles",
    neededBy,
  });
  await nicoContext.close();

  await page.goto("/");
  const newRequest = page.getByRole("button", { name: "New Request" });
  await newRequest.click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await expect(dialog.getByLabel("Item description")).toBeFocused();
  await expectAccessible(page, "the create request modal");
  // Repeating (issue 28 §2): the Repeat choice open, with its hint and Until day, is checked with the errors.
  await dialog.getByLabel("Repeat").selectOption({ label: "Every week" });
  await expect(dialog.getByLabel("Until (optional)")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog.locator(".field-error, .alert-error").first()).toBeVisible();
  await expectAccessible(page, "the create request modal, repeating, with errors shown");
  await dialog.getByLabel("Item description").fill("Two litres of oat milk");
  await dialog
    .getByLabel("Needed by")
    .fill(
      new Date(Date.now() + 3 * 24 * 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16),
    );
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, /oat milk/i)).toBeVisible();
  await checkScreen(page, "/", "full, with a toast");

  const paperTowels = await api<{ id: string }>(baseURL!, olive.token, "POST", "/requests", {
    groupId,
    itemDescription: "Paper towels",
    neededBy,
    // A repeating request's page: "Repeats", "Skip next", "Stop repeating" and "Edit repeating request".
    repeat: { every: "week" },
  });
  await page.goto(`/requests/${paperTowels.id}`);
  await checkScreen(page, "/requests/:id");
  // Its requester's "Edit repeating request" (issue 28 §2), loaded when opened.
  await page.getByRole("button", { name: "Edit repeating request" }).click();
  const editSeries = page.getByRole("dialog", { name: "Edit repeating request" });
  await expect(editSeries.getByLabel("Item description")).toHaveValue("Paper towels");
  await expectAccessible(page, "the edit repeating request dialog");
  await page.keyboard.press("Escape");
  await expect(editSeries).toBeHidden();
  const remove = page.getByRole("button", { name: "Delete" });
  await remove.click();
  await expect(page.getByRole("dialog", { name: "Delete Request" })).toBeVisible();
  await expectAccessible(page, "the delete confirmation");
  await page.getByRole("dialog", { name: "Delete Request" }).getByRole("button", { name: "Keep Request" }).click();
  // Focus goes back to the button that opened the modal.
  await expect(remove).toBeFocused();

  // A claimed request's page, with the other person's contact (issue 30).
  await api(baseURL!, olive.token, "POST", `/requests/${candles.id}/claim`);
  await page.goto(`/requests/${candles.id}`);
  await expect(page.getByRole("region", { name: "How to reach Nico Neighbour" })).toBeVisible();
  await expectAccessible(page, "a claimed request's page with the requester's contact");

  await page.goto("/groups");
  await checkScreen(page, "/groups", "one group");
  await page.goto("/profile");
  await checkScreen(page, "/profile");
  await page.goto("/feedback");
  await checkScreen(page, "/feedback", "logged in");
});

test("the trips page and a trip's page, open and shopping, pass axe in both themes", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const tripper = await confirmedUser("Tia Tripper");
  const neighbour = await confirmedUser("Nia Neighbour");
  const group = await groupWith(tripper, "Elm Street", [neighbour]);
  const trip = await api<{ id: string }>(baseURL!, tripper.token, "POST", "/trips", {
    groupIds: [group],
    store: "Aldi",
    departsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  await api(baseURL!, neighbour.token, "POST", `/trips/${trip.id}/items`, {
    itemDescription: "Oat milk",
    quantity: 2,
    ifUnavailable: "ask",
  });
  await signedInPage(tripper);
  await page.goto("/trips?announce=1");
  await page.getByRole("button", { name: "Announce trip" }).click();
  await expect(page.locator(".field-error").first()).toBeVisible();
  await checkScreen(page, "/trips", "announce form with errors");
  await page.goto(`/trips/${trip.id}`);
  await expect(page.getByRole("button", { name: "Close the list" })).toBeVisible();
  await checkScreen(page, "/trips/:id", "the tripper's open trip");
  await page.getByRole("button", { name: "Close the list" }).click();
  await expect(page.getByRole("button", { name: "Got it: Oat milk" })).toBeVisible();
  await checkScreen(page, "/trips/:id", "the shopping list");
});

test("the admin page with its charts passes axe in both themes", async ({ page, confirmedUser, signedInPage }) => {
  const admin = await confirmedUser("Ada Admin", "admin-a11y@example.com");
  await signedInPage(admin);
  await page.goto("/admin");
  await expect(page.locator(".chart").first()).toBeVisible();
  await checkScreen(page, "/admin");
  // The moderation pages (issue 29): the report queue and the audit log, empty or not.
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkScreen(page, "/admin/reports");
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkScreen(page, "/admin/audit");
});

test("a neighbour picks Dark in the footer and the app stays dark on this device until they pick System", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/about");
  const background = () =>
    page.locator("body").evaluate((body) => body.ownerDocument.defaultView!.getComputedStyle(body).backgroundColor);
  const lightBackground = await background();
  const theme = page.getByLabel("Theme");
  await expect(theme).toHaveValue("system");

  await theme.selectOption("Dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(background).not.toBe(lightBackground);
  const darkBackground = await background();

  // Applied before the first paint of the next visit: the page's first frame is already dark.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background()).toBe(darkBackground);
  await expect(page.getByLabel("Theme")).toHaveValue("dark");

  await page.getByLabel("Theme").selectOption("System");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
  await expect.poll(background).toBe(lightBackground);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(background).toBe(darkBackground);
});

test("with reduced motion asked for, nothing on the page transitions or animates but the spinner", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Log In" });
  await expect(button).toBeVisible();
  expect(await button.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).transitionDuration)).toBe(
    "0s",
  );
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await button.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).transitionDuration)).not.toBe(
    "0s",
  );
});

test("every route of the router has an axe check in this file", () => {
  const router = readFileSync(new URL("../apps/web/src/app/router.tsx", import.meta.url), "utf8");
  const routes = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!);
  expect(routes.length).toBeGreaterThan(10);
  const spec = readFileSync(new URL(import.meta.url), "utf8");
  const checked = new Set([
    ...[...spec.matchAll(/checkScreen\(\w+, "([^"]+)"/g)].map((m) => m[1]!),
    // Routes visited in the logged-out loop: [route, path] pairs.
    ...[...spec.matchAll(/\["([^"]+)", "\/[^"]*"\]/g)].map((m) => m[1]!),
  ]);
  expect(
    routes.filter((route) => !checked.has(route)),
    "routes without an axe check",
  ).toEqual([]);
});
