import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail, type Mailbox, E2E_PASSWORD } from "./support";

// The "phone" project (360 px wide) runs this file; at desktop width there is no menu button to test.
test.skip(({ viewport }) => (viewport?.width ?? 0) > 360, "phone width only");

async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
}

/** Like the fixture's signUpAndConfirm, but Logout sits behind the menu button at this width. */
async function signUpAndConfirmOnPhone(page: Page, mailbox: Mailbox) {
  const email = uniqueEmail("phone");
  const password = E2E_PASSWORD;
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto(await mailbox.waitForLink(email, /type=signup/));
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

test("at phone width the navigation folds into a menu button that opens with the keyboard", async ({ page }) => {
  await page.goto("/login");
  const menu = page.getByRole("button", { name: "Open menu" });
  const signUpLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign Up" });
  await expect(menu).toBeVisible();
  await expect(signUpLink).toBeHidden();

  // The login form takes focus first; the line saying what the app is (its two links) and then the menu
  // button are behind it in the tab order.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("link", { name: "Join free" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("link", { name: "How it works" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(menu).toBeFocused();
  await page.keyboard.press("Enter");
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(signUpLink).toBeVisible();

  await page.keyboard.press("Tab");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeFocused();
  await signUpLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  await expect(signUpLink).toBeHidden();
});

test("login, sign-up, profile and the other account screens fit a 360 pixel screen without sideways scrolling", async ({
  page,
  mailbox,
}) => {
  for (const path of [
    "/login",
    "/signup",
    "/forgot-password",
    "/verify-email",
    "/reset-password?token=made-up",
    "/about",
    "/feedback",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }

  await signUpAndConfirmOnPhone(page, mailbox);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await page.getByRole("radio", { name: "Daily Summary (8 AM)" }).check();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Your email preferences are saved.")).toBeVisible();
  await expectNoSidewaysScroll(page);
});
