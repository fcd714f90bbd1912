import { expect, signUpAndConfirm, test } from "./support";

/** Issue 19: the language picked on the profile shows at once, and is kept on the account (a new browser follows it). */
test("a neighbour picks German on the profile and finds it again on another device", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const { email, password } = await signUpAndConfirm(page, mailbox);
  await page.goto("/profile");
  const language = page.getByRole("region", { name: "Language" });
  await expect(language.getByText("e-mails we send you use this language")).toBeVisible();
  await language.getByRole("combobox", { name: "Language" }).selectOption("de");

  await expect(page.getByRole("heading", { level: 1, name: "Profileinstellungen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deine Angaben" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Tägliche Zusammenfassung (8 Uhr)" })).toBeVisible();
  await expect(
    page.getByRole("switch", {
      name: "E-Mail: Jemand aus der Nachbarschaft meine Anfrage übernimmt, abgibt oder erledigt",
    }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Profileinstellungen/);

  // Another browser, set to English, signs in and shows the account's language.
  const other = await browser.newContext({ baseURL, locale: "en-US" });
  const elsewhere = await other.newPage();
  await elsewhere.goto("/login");
  await elsewhere.getByLabel("Email").fill(email);
  await elsewhere.getByLabel("Password").fill(password);
  await elsewhere.getByRole("button", { name: "Log In" }).click();
  await expect(elsewhere).not.toHaveURL(/\/login/);
  await elsewhere.goto("/profile");
  await expect(elsewhere.getByRole("heading", { level: 1, name: "Profileinstellungen" })).toBeVisible();
  await expect(elsewhere.getByRole("heading", { name: "Geräte", exact: true })).toBeVisible();
  await other.close();

  // And back to English.
  await page.getByRole("region", { name: "Sprache" }).getByRole("combobox", { name: "Sprache" }).selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
});
