import { checkScreen, expectAccessible } from "./support/accessibility";
import { expect, test } from "./support";

/** Issue 19: the screens of someone logged out (support/accessibility.ts says what each check runs). */

// Four axe runs, a reflow and a text-size check per screen: a sweep takes minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });

test("the login and sign-up forms, empty and with their errors, pass axe in light and dark, at desktop and phone width", async ({
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
});

test("every other screen a visitor reaches logged out passes axe in light and dark, at desktop and phone width", async ({
  page,
}) => {
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
