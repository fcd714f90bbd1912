import { expect, localDateTime, screenshots, test } from "./support";

// Issue 43 §5: "Ask me first" with no phone in the profile left the helper in the shop with "No phone number
// given". Choosing it asks for the phone right there, checked as the profile checks it, and saved to the profile.

test("a neighbour without a phone who chooses Ask me first is asked for one, which reaches her profile and her helper", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}) => {
  const asker = await confirmedUser("Pia Phoneless");
  const helper = await confirmedUser("Hal Helper");
  await groupWith(asker, `Linden Row ${Date.now().toString(36)}`, [helper]);

  await signedInPage(asker);
  await page.goto("/");
  await page.getByRole("button", { name: "New Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await dialog.getByLabel("Item description").fill("Rye bread, sliced");
  await dialog.getByLabel("Needed by").fill(await localDateTime(page, 2, "18:30"));
  const phone = dialog.getByLabel("Your phone number");
  // No phone field until "Ask me first" is chosen.
  await expect(phone).toHaveCount(0);
  await dialog.getByRole("radio", { name: "Ask me first" }).check();
  await expect(phone).toBeVisible();
  await expect(phone).toHaveAccessibleDescription(/calls you from the shop.*saved there too/);
  await screenshots(page, "ask-first-phone-prompt", { target: dialog, themes: ["light"] });

  // Empty, then no phone number: refused under the field, with the profile's texts, and nothing posted.
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog.getByText("Phone number is required")).toBeVisible();
  await expect(phone).toBeFocused();
  await phone.fill("12 34");
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();

  await phone.fill("0151 234 5678");
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByTestId("request-card").filter({ hasText: "Rye bread, sliced" });
  await expect(mine).toContainText("If not thereAsk me first");
  const requestId = (await mine.getAttribute("data-request-id"))!;

  // The next time, the profile has it: no field.
  await page.getByRole("button", { name: "New Request" }).click();
  await dialog.getByRole("radio", { name: "Ask me first" }).check();
  await expect(phone).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.goto("/profile");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("0151 234 5678");

  // The helper who claims it has a number to call from the shop, not "No phone number given".
  const { page: helperPage } = await secondPerson({ user: helper });
  await helperPage.goto(`/requests/${requestId}`);
  await helperPage.getByRole("button", { name: "I can help" }).click();
  const hers = helperPage.getByRole("region", { name: "How to reach Pia Phoneless" });
  await expect(hers.getByRole("link", { name: "0151 234 5678" })).toHaveAttribute("href", "tel:01512345678");
  await expect(hers).not.toContainText("No phone number given");
});
