import { demoURL } from "../playwright.config";
import { expect, screenshots, test } from "./support";

test.use({ baseURL: demoURL });

test("in demo mode a visitor signs in with a sample account offered on the login page and reads the admin dashboard", async ({
  page,
}) => {
  await page.goto("/login");
  const demo = page.getByRole("complementary", { name: "Demo accounts" });
  await expect(demo).toContainText("alex@demo.helpyourneighbor.app");
  // The password is one unbroken piece of text, however narrow the page.
  const password = demo.getByText("neighbourly-demo", { exact: true }).first();
  expect(await password.evaluate((node) => node.getClientRects().length)).toBe(1);
  // One tap signs in (issue 30): no second "Log In".
  await demo.getByRole("button", { name: "Log In as Alex Rivera" }).click();
  await expect(page.getByRole("link", { name: "Admin" })).toBeVisible();

  await page.getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const label of [
    "Total Users",
    "Active Users",
    "Total Groups",
    "Requests This Month",
    "Fulfillment Rate",
    "Avg. Time to Claim",
    "Avg. Group Size",
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  // The seed: three neighbours, two groups, four memberships; two of six requests claimed or fulfilled.
  await expect(page.locator(".metric-card", { hasText: "Total Users" })).toContainText("3");
  await expect(page.locator(".metric-card", { hasText: "Avg. Group Size" })).toContainText("2.0");
  const rate = page.locator(".metric-card", { hasText: "Fulfillment Rate" });
  await expect(rate).toContainText("33.33%");
  // Issue 43: the card says what its figure counts, with fulfilled alone beside it (one of the six).
  await expect(rate.getByText("claimed or fulfilled (2 of 6)")).toBeVisible();
  await expect(rate.getByText("Fulfilled alone: 16.67% (1 of 6)")).toBeVisible();
  await screenshots(page, "admin-fulfillment-rate", { themes: ["light"], widths: [1280, 390] });
  await expect(page.getByRole("img", { name: /Requests posted and fulfilled per week/ })).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();
});

test("a neighbour who is not an admin sees Access Denied at /admin and can go back", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log In as Sam Okafor" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/about");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have administrator privileges to access this page.")).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test("a neighbour downloads their data and then deletes their account", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Log In as Sam Okafor" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.goto("/profile");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^help-your-neighbor-data-.*\.json$/);
  const data = JSON.parse(
    await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")),
  );
  expect(data.user.email).toBe("sam@demo.helpyourneighbor.app");
  expect(data.groups.length).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(dialog.getByText("Invalid email or password")).toHaveCount(0);
  await dialog.getByLabel("Password").fill("neighbourly-demo");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole("button", { name: "Log In as Sam Okafor" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Invalid email or password" })).toBeVisible();
});
