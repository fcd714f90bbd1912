import { expect, screenshots, test } from "./support";

/**
 * Issue 43 (two departures from the spec): the profile's details and e-mail frequency are one form
 * (PRODUCT "Screens"): edits stay on the page, Cancel and Save Preferences appear only when something
 * changed, one Save saves it all, and nothing unsaved is lost without a question.
 */
test("a neighbour edits their profile and saves it, or cancels", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const ana = await confirmedUser("Ana Ortega");
  await groupWith(owner, "Elm Street", [ana]);
  await signedInPage(ana);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/profile");

  const name = page.getByLabel("Name", { exact: true });
  const phone = page.getByLabel("Phone (optional)");
  const area = page.getByLabel("General area (optional)");
  const weekly = page.getByRole("radio", { name: "Weekly Summary" });
  const never = page.getByRole("radio", { name: "Never" });
  const bar = page.getByTestId("profile-save-bar");
  const save = page.getByRole("button", { name: "Save Preferences" });
  const cancel = page.getByRole("button", { name: "Cancel" });
  const elmSays = page.getByRole("listitem").filter({ hasText: "Elm Street" });
  await expect(name).toHaveValue("Ana Ortega");
  await expect(never).toBeChecked();
  await expect(save).toHaveCount(0);
  await expect(cancel).toHaveCount(0);
  // The switches say that they, unlike the form, save at once.
  await expect(page.getByText("These switches save as soon as you change them.")).toBeVisible();

  // Edits stay on the page; the group already says what the chosen frequency would bring.
  await name.fill("Ana María Ortega");
  await phone.fill("+34 600 123 456");
  await weekly.check();
  await expect(bar).toContainText("You have unsaved changes.");
  await expect(save).toBeInViewport();
  await expect(elmSays).toContainText("In the weekly summary e-mail.");
  await screenshots(page, "profile-unsaved", { themes: ["light"], viewportOnly: true });

  // Cancel puts everything back and sends nothing: a reload shows the saved profile, with no question.
  await cancel.click();
  await expect(name).toHaveValue("Ana Ortega");
  await expect(phone).toHaveValue("");
  await expect(never).toBeChecked();
  await expect(save).toHaveCount(0);
  await expect(elmSays).not.toContainText("In the weekly summary e-mail.");
  await page.reload();
  await expect(name).toHaveValue("Ana Ortega");
  await expect(never).toBeChecked();

  // Typed again, then a link elsewhere: it asks first, the focus on staying, and staying keeps the edits.
  await name.fill("Ana María Ortega");
  await weekly.check();
  await page.getByRole("link", { name: "Dashboard" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await leave.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(name).toHaveValue("Ana María Ortega");
  await expect(weekly).toBeChecked();

  // By keyboard: from the last field, Tab reaches Cancel, then Save; Enter saves the details and the frequency.
  await area.fill("Elm Street");
  await page.keyboard.press("Tab");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bar.getByRole("status")).toHaveText(/Your profile and email preferences are saved\./);
  await expect(save).toHaveCount(0);
  await expect(elmSays).toContainText("In the weekly summary e-mail.");
  await screenshots(page, "profile-saved", { themes: ["light"], viewportOnly: true });

  // Saved: it stays after a reload, and leaving no longer asks.
  await page.reload();
  await expect(name).toHaveValue("Ana María Ortega");
  await expect(area).toHaveValue("Elm Street");
  await expect(weekly).toBeChecked();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Ana María Ortega/).first()).toBeVisible();
});

test("on a phone, Cancel and Save stay at the bottom of the screen wherever one scrolls, and cover nothing at the end", async ({
  page,
  confirmedUser,
  signedInPage,
}) => {
  const bo = await confirmedUser("Bo Park");
  await signedInPage(bo);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  const bar = page.getByTestId("profile-save-bar");
  const save = page.getByRole("button", { name: "Save Preferences" });

  await page.getByLabel("General area (optional)").fill("Birch Row");
  const atBottom = async () => {
    await expect(save).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
  };
  await atBottom();
  await screenshots(page, "profile-save-bar-phone", { themes: ["light", "dark"], widths: [390], viewportOnly: true });

  // Down at the frequency, the bar is still there; a choice there joins the same Save.
  const daily = page.getByRole("radio", { name: "Daily Summary (8 AM)" });
  await daily.scrollIntoViewIfNeeded();
  await daily.check();
  await atBottom();
  await screenshots(page, "profile-save-bar-phone-frequency", {
    themes: ["light"],
    widths: [390],
    scrollTo: daily,
  });

  // At the very end of the page, the last button is above the bar, not under it.
  const last = page.getByRole("button", { name: "Delete my account" });
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastBox = (await last.boundingBox())!;
  const barBox = (await bar.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y);

  await save.click();
  await expect(bar.getByRole("status")).toHaveText(/Your profile and email preferences are saved\./);
  await expect(save).toHaveCount(0);
});
