import type { Page } from "@playwright/test";
import { expect, signUpAndConfirm, test } from "./support";

// The layout's texts (packages/i18n/catalogs/common): the top bar and the footer are on every screen.
const SPANISH = {
  login: "Iniciar sesión",
  signUp: "Registrarse",
  promise: "Gratis, sin anuncios, y nunca vendemos tus datos.",
  language: "Idioma",
};
const GERMAN = {
  logout: "Abmelden",
  groups: "Gruppen",
  promise: "Kostenlos, ohne Werbung, und wir verkaufen deine Daten nie.",
  language: "Sprache",
};

const languageChoice = (page: Page, label: string) =>
  page.getByRole("contentinfo").getByRole("combobox", { name: label });

test("a neighbour whose browser prefers Spanish sees the app in Spanish", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-ES" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: SPANISH.login, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: SPANISH.signUp, exact: true })).toBeVisible();
  await expect(page.getByText(SPANISH.promise)).toBeVisible();
  await expect(languageChoice(page, SPANISH.language)).toHaveValue("es");
  await context.close();
});

test("a neighbour picks German in the footer and it stays after a reload", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await languageChoice(page, "Language").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "Anmelden", exact: true })).toBeVisible();
  await expect(page.getByText(GERMAN.promise)).toBeVisible();

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByText(GERMAN.promise)).toBeVisible();
  await expect(languageChoice(page, GERMAN.language)).toHaveValue("de");
});

test("a signed-in neighbour's language choice is kept on the account and followed on another device", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const { email, password } = await signUpAndConfirm(page, mailbox);
  const saved = page.waitForResponse((response) => response.url().includes("user.updateLocale") && response.ok());
  await languageChoice(page, "Language").selectOption("de");
  await saved;
  await expect(page.getByRole("button", { name: GERMAN.logout })).toBeVisible();

  // Another device: a fresh browser set to English, never told about the choice.
  const laptop = await browser.newContext({ baseURL, locale: "en-US" });
  const other = await laptop.newPage();
  await other.goto("/login");
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(password);
  await other.getByRole("button", { name: "Log In" }).click();
  await expect(other.getByRole("button", { name: GERMAN.logout })).toBeVisible();
  await expect(other.locator("html")).toHaveAttribute("lang", "de");
  await expect(other.getByRole("link", { name: GERMAN.groups, exact: true })).toBeVisible();
  await expect(languageChoice(other, GERMAN.language)).toHaveValue("de");

  // Kept on that device too: a reload there stays German.
  await other.reload();
  await expect(other.getByRole("button", { name: GERMAN.logout })).toBeVisible();
  await laptop.close();
});
