import { readdirSync, readFileSync } from "node:fs";
import { expect, hoursFromNow, test, api } from "./support";
import { checkScreen } from "./support/accessibility";

/**
 * Issue 19, "Accessibility, enforced": every screen of src/app/router.tsx, and the modals and states the
 * suite reaches, pass axe at WCAG 2.2 A and AA in the light and the dark theme, at desktop and phone
 * width, and reflow at 320 CSS px (400 % zoom) without sideways scrolling (support/accessibility.ts).
 * The screens are spread over accessibility-*.spec.ts so that two run at once; the last test here fails
 * when a route of the router has no checkScreen call in any of them.
 */

// Four axe runs, a reflow and a text-size check per screen: a sweep takes minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });

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
    departsAt: hoursFromNow(3),
  });
  await api(baseURL!, neighbour.token, "POST", `/trips/${trip.id}/items`, {
    itemDescription: "Oat milk",
    quantity: 2,
    ifUnavailable: "ask",
    phone: "0151 234 5678",
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
  // Closing asks first (issue 43); the dialog passes axe too.
  const closing = page.getByRole("dialog", { name: "Close the list?" });
  await expect(closing).toBeVisible();
  await checkScreen(page, "/trips/:id", "closing the list asks first");
  await closing.getByRole("button", { name: "Close the list" }).click();
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

test("every route of the router has an axe check in one of the accessibility specs", () => {
  const router = readFileSync(new URL("../apps/web/src/app/router.tsx", import.meta.url), "utf8");
  const routes = [...router.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!);
  expect(routes.length).toBeGreaterThan(10);
  const specs = readdirSync(new URL(".", import.meta.url)).filter((name) => /^accessibility.*\.spec\.ts$/.test(name));
  expect(specs.length).toBeGreaterThan(1);
  const spec = specs.map((name) => readFileSync(new URL(name, import.meta.url), "utf8")).join("\n");
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
