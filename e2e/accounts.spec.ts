import { messages } from "@hyn/validators/messages";
import type { Page } from "@playwright/test";
import { expect, signUpAndConfirm, test, uniqueEmail, toast, E2E_PASSWORD } from "./support";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  // A deliberate logout lands on plain /login, not on a "come back here" link.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
}

test("a visitor who leaves the login form empty is told to fill in all fields", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(messages.fillAllFields);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("whatever1");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(messages.enterValidEmail);
});

test("a link to a screen still downloading keeps the current page and shows one is opening", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeVisible();
  // A slow network: the About screen's chunk takes a while.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/AboutPage-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("progressbar", { name: "Opening page" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole("heading", { name: "Neighbours helping neighbours", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("progressbar", { name: "Opening page" })).toHaveCount(0);
});

test("a screen whose code is gone after an upgrade says a new version is available and offers a reload, with the menu still there", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeVisible();
  // As after a release, when a page left open asks for a chunk of the previous build.
  await page.route("**/assets/AboutPage-*.js", (route) => route.fulfill({ status: 404, body: "" }));
  await page.getByRole("link", { name: "About" }).click();
  // Online, a chunk that cannot be fetched is a page of the previous release (issue 40), not the connection.
  await expect(page.getByRole("heading", { name: "A new version is available", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
  await page.unroute("**/assets/AboutPage-*.js");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Neighbours helping neighbours", level: 1 })).toBeVisible();
});

test("a logged-out visitor to the dashboard is sent to login with a way back", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test("a neighbour signs up, confirms by e-mail, signs in, edits the profile and signs out", async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail("profile");
  await page.goto("/signup");
  await page.getByLabel("Name (optional)").fill("Robin Ash");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await expect(page.getByText("✓ Passwords match")).toBeVisible();
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/expires in 24 hours/)).toBeVisible();
  await page.getByRole("button", { name: "Resend Email" }).click();
  await expect(toast(page, `A new confirmation link has been sent to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await mailbox.all(email)).length).toBe(2);

  await page.goto(await mailbox.waitForLink(email, /type=signup/));
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Your email is confirmed")).toBeVisible();
  await logOut(page);

  await logIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Ash");
  await expect(page.getByRole("radio", { name: "Never" })).toBeChecked();
  // PRODUCT "Screens": Cancel and Save Preferences appear only when something changed; one Save for all.
  const save = page.getByRole("button", { name: "Save Preferences" });
  await expect(save).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);

  await page.getByLabel("Name", { exact: true }).fill("  Robin <b>Ashworth</b> ");
  await page.keyboard.press("Tab");
  await expect(save).toBeVisible();
  await page.getByLabel("Phone (optional)").fill("+1 (555) 123-4567");
  await page.getByLabel("General area (optional)").fill("Elm Street");
  await page.getByRole("radio", { name: "Daily Summary (8 AM)" }).check();
  await expect(page.getByText("No daily summary sent yet.")).toBeVisible();
  await save.click();
  await expect(page.getByTestId("profile-save-bar").getByRole("status")).toHaveText(
    /Your profile and email preferences are saved\./,
  );
  await expect(save).toHaveCount(0);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Ashworth");

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Ashworth");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+1 (555) 123-4567");
  await expect(page.getByLabel("General area (optional)")).toHaveValue("Elm Street");
  await expect(page.getByRole("radio", { name: "Daily Summary (8 AM)" })).toBeChecked();
  await expect(page.getByText("No daily summary sent yet.")).toBeVisible();

  await logOut(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
});

test("a neighbour who forgot the password resets it from the e-mail and is signed in", async ({ page, mailbox }) => {
  const { email, password } = await signUpAndConfirm(page, mailbox);
  await logOut(page);

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText(/The link expires in 24 hours/)).toBeVisible();

  const link = await mailbox.waitForLink(email, /type=recovery/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-secret-7");
  await page.getByLabel("Confirm new password").fill("a-brand-new-secret-7");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // PRODUCT "Screens": the dashboard follows after 2 seconds.
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  // Signed in by the link moments ago: the profile does not ask for the password just replaced.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);

  // The link worked once, and says so when opened again (issue 30).
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This reset link has already been used" })).toBeVisible();
  await expect(page.getByText(messages.resetLinkUsed)).toBeVisible();
  await page.getByRole("link", { name: "Request a new reset link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await logOut(page);
  await logIn(page, email, password);
  await expect(toast(page, messages.invalidCredentials)).toBeVisible();
  await logIn(page, email, "a-brand-new-secret-7");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("bad inputs show the spec's messages", async ({ page, mailbox }) => {
  const { email, password } = await signUpAndConfirm(page, mailbox, { name: "Casey" });

  // Profile
  await page.goto("/profile");
  await page.getByLabel("Phone (optional)").fill("call me maybe");
  await page.getByLabel("Name", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText(messages.enterValidPhone)).toBeVisible();
  await expect(page.getByText(messages.nameRequired)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  // Refused values are not saved; leaving with them asks first (the browser's own question on a reload).
  const asked = page.waitForEvent("dialog").then(async (dialog) => {
    await dialog.accept();
    return dialog.type();
  });
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Casey");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("");

  // Change password on the profile page: it asks for the current one (PRODUCT "Changing the password").
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.fillAllFields })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("autocomplete", "current-password");
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abc");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.fillAllFields })).toBeVisible();
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.passwordTooShort })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-secret-8");
  await page.getByLabel("Confirm new password").fill("a-brand-new-secret-8");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, messages.currentPasswordIncorrect)).toBeVisible();
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Your password is changed. Other devices have been signed out.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");

  // Feedback
  await page.goto("/feedback");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page.getByText(messages.enterMessage)).toBeVisible();
  await page.getByLabel("Email").fill("");
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(page.getByText(messages.enterYourEmail)).toBeVisible();

  // Forgot and reset password
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(messages.enterYourEmail)).toBeVisible();
  await page.getByLabel("Email").fill("nobody-at-example");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(messages.enterValidEmail)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.goto(await mailbox.waitForLink(email, /type=recovery/));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.fillAllFields })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("abcde");
  await page.getByLabel("Confirm new password").fill("abcde");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages.passwordTooShortLong })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("long-enough-1");
  await page.getByLabel("Confirm new password").fill("long-enough-2");
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByLabel("Confirm new password")).toBeFocused();
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.goto("/reset-password?token=made-up");
  await expect(page.getByText(messages.resetLinkInvalid)).toBeVisible();

  // Login
  await logOut(page);
  await logIn(page, email, "not-the-password");
  await expect(toast(page, messages.invalidCredentials)).toBeVisible();

  // Sign up
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("abcdef1");
  await page.getByLabel("Confirm password").fill("abcdef2");
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm password").fill("abc");
  await expect(page.getByText(messages.passwordsDoNotMatch)).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert").first()).toHaveText(messages.passwordTooShort);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, messages.userAlreadyExists)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("an expired or reused confirmation link sends the visitor back to sign up", async ({ page, mailbox }) => {
  const { email } = await signUpAndConfirm(page, mailbox);
  const used = await mailbox.waitForLink(email, /type=signup/);
  await logOut(page);

  await page.goto(used);
  await expect(toast(page, messages.verificationLinkExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

  await page.goto("/auth/callback?token_hash=never-issued&type=signup");
  await expect(toast(page, messages.verificationLinkExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("a broken e-mail link explains itself and sends the visitor to log in", async ({ page }) => {
  await page.goto("/auth/callback?type=signup");
  await expect(toast(page, "Invalid authentication link")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/auth/callback?token_hash=abc&type=magiclink");
  await expect(toast(page, "Unknown authentication type")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/auth/callback?token_hash=abc%2F1&type=recovery");
  await expect(page).toHaveURL(/\/reset-password\?token=abc%2F1$/);
  await expect(page.getByText(messages.resetLinkInvalid)).toBeVisible();
});

test("a visitor sent to log in from a page is back on that page after confirming the e-mail", async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail("redirect");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Join your neighbours" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  const link = await mailbox.waitForLink(email, /type=signup/);
  // The page asks who is signed in as it starts, before the link is confirmed. That answer (nobody)
  // is held back until after the confirmation: arriving late, it must not sign the new user out.
  await page.route("**/trpc/user.me?*", async (route) => {
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response: answer }).catch(() => undefined);
  });
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
});

test("anyone can send feedback and is taken home", async ({ page, mailbox }) => {
  const message = "The request list could show the store first.";
  await page.goto("/feedback");
  await expect(page.getByLabel("Message")).toHaveAttribute("rows", "6");
  await expect(page.getByLabel("Subject (optional)").locator("option")).toHaveText([
    "Choose a subject",
    "Bug Report",
    "Feature Request",
    "General Feedback",
    "User Experience",
    "Technical Issue",
    "Other",
  ]);
  await page.getByLabel("Email").fill("passer-by@example.com");
  await page.getByLabel("Subject (optional)").selectOption("Feature Request");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(toast(page, "Thank you! Your feedback has been sent.")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByLabel("Subject (optional)")).toHaveValue("");
  // Home is behind the login for a visitor without an account.
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/, { timeout: 5000 });

  const { email } = await signUpAndConfirm(page, mailbox, { name: "Dana Fir" });
  await page.getByRole("link", { name: "Profile" }).click();
  // The Feedback link is on every page: clicked before the profile is shown, Cancel would go back home.
  await expect(page.getByRole("heading", { name: "Profile Settings" })).toBeVisible();
  await page.getByRole("link", { name: "Feedback" }).click();
  await expect(page.getByLabel("Name (optional)")).toHaveValue("Dana Fir");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole("link", { name: "Feedback" }).click();
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Send Feedback" }).click();
  await expect(toast(page, "Thank you! Your feedback has been sent.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
});
