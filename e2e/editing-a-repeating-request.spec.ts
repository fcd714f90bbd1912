import { api, chooseLanguage, createRequest, expect, requestCardOf, screenshots, test, toast } from "./support";
import type { ApiUser } from "./support/people";

/** Issue 28 §2: "an edit changes the next unclaimed occurrence and the later ones, never one a helper has already taken". */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A weekly request of `user`'s, needed in two days, posted through the REST API. */
async function weekly(baseURL: string, user: ApiUser, groupId: string, itemDescription: string) {
  return createRequest<{ id: string; seriesId: string }>(baseURL, user, {
    groupId,
    itemDescription,
    repeat: { every: "week" },
  });
}

test("a requester edits a weekly request and the next one changes", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  const groupId = await groupWith(rita, `Milk Row ${Date.now().toString(36)}`, [hugo]);
  const first = await weekly(baseURL!, rita, groupId, "Oat milk");

  // Rita opens the edit from the request's page, by keyboard, and changes what she asks for.
  await signedInPage(rita);
  await page.goto(`/requests/${first.id}`);
  const edit = page.getByRole("button", { name: "Edit repeating request" });
  await edit.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit repeating request" });
  await expect(dialog.getByText("Your changes apply from the one needed by")).toBeVisible();
  await expect(dialog.getByLabel("Item description")).toBeFocused();
  await expect(dialog.getByLabel("Item description")).toHaveValue("Oat milk");
  await expect(dialog.getByTestId("series-every")).toContainText("Every week");
  await dialog.getByLabel("Item description").fill("Oat milk, 2 litres");
  await dialog.getByLabel("Store preference (optional)").fill("Corner shop");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Oat milk, 2 litres is changed from the next time on")).toBeVisible();
  // This time was open and nobody's: it changes at once.
  await expect(requestCardOf(page, first.id).getByRole("heading", { name: "Oat milk, 2 litres" })).toBeVisible();
  await expect(requestCardOf(page, first.id)).toContainText("Corner shop");

  // Hugo takes this time; Rita's next edit says it starts after his and leaves his as agreed.
  await api(baseURL!, hugo.token, "POST", `/requests/${first.id}/claim`);
  await page.reload();
  await page.getByRole("button", { name: "Edit repeating request" }).click();
  await expect(
    dialog.getByText(/Hugo is already getting the one needed by .*: your changes start with the one after it/),
  ).toBeVisible();
  await dialog.getByLabel("Item description").fill("Soy milk");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Soy milk is changed from the next time on")).toBeVisible();
  await expect(requestCardOf(page, first.id).getByRole("heading", { name: "Oat milk, 2 litres" })).toBeVisible();

  // He brings it; the next week's is posted by the job, and it asks for soy milk at the corner shop.
  await api(baseURL!, hugo.token, "POST", `/requests/${first.id}/fulfill`);
  await page.goto("/");
  const next = page
    .getByTestId("request-card")
    .filter({ has: page.getByRole("heading", { name: "Soy milk" }) })
    .filter({ hasText: "Every week" });
  await expect(async () => {
    await page.reload();
    await expect(next).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(next).toContainText("Corner shop");
  expect(await next.getAttribute("data-request-id")).not.toBe(first.id);
});

test("a requester skips a week a helper has taken, told first what it means for them, and the helper sees it go", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  secondPerson,
  groupWith,
  mailbox,
}) => {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  const groupId = await groupWith(rita, `Milk Row ${Date.now().toString(36)}`, [hugo]);
  const first = await weekly(baseURL!, rita, groupId, "Milk for the week");
  await api(baseURL!, hugo.token, "POST", `/requests/${first.id}/claim`);

  const { page: hugoPage } = await secondPerson({ user: hugo });
  await hugoPage.setViewportSize({ width: 390, height: 844 });
  await hugoPage.goto("/");
  await expect(requestCardOf(hugoPage, first.id).getByRole("button", { name: "Mark fulfilled" })).toBeVisible();

  await signedInPage(rita);
  await page.goto(`/requests/${first.id}`);
  // The dashboard card offers no "Skip next" on a taken one; the page explains what a skip means for Hugo.
  await page.getByRole("button", { name: "Skip this one" }).click();
  const confirm = page.getByRole("dialog", { name: "Skip this one?" });
  await expect(confirm).toContainText("Hugo has said they will get this one");
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Skip this one" }).click();
  await confirm.getByRole("button", { name: "Skip this one" }).click();
  // Named for both weeks (issue 43: "Skipped Mon 7 Dec; the next one is Mon 14 Dec").
  await expect(toast(page, /Skipped .+; the next one is /)).toBeVisible();
  // Rita is on the next week's page, open for the group.
  await expect(page).not.toHaveURL(new RegExp(first.id));
  await expect(page.getByRole("button", { name: "Edit repeating request" })).toBeVisible();

  // Hugo's open dashboard hears it is gone, and an e-mail tells him there is nothing to get.
  await expect(requestCardOf(hugoPage, first.id)).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(async () => (await mailbox.all(hugo.email)).map((m) => m.subject), { timeout: 15_000 })
    .toContain("Rita does not need Milk for the week this time");
});

test("editing a repeating request and skipping a taken one, in three languages", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const rita = await confirmedUser("Rita");
  const hugo = await confirmedUser("Hugo");
  const groupId = await groupWith(rita, "Milk Row", [hugo]);
  const first = await weekly(baseURL!, rita, groupId, "Milk for the week");
  await api(baseURL!, hugo.token, "POST", `/requests/${first.id}/claim`);

  await signedInPage(rita);
  const EDIT = { en: "Edit repeating request", es: "Editar pedido periódico", de: "Wiederkehrende Anfrage bearbeiten" };
  const SKIP = { en: "Skip this one", es: "Saltar esta vez", de: "Dieses Mal auslassen" };
  for (const locale of ["en", "es", "de"] as const) {
    await page.goto("/");
    if (locale !== "en") await chooseLanguage(page, locale);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.goto(`/requests/${first.id}`);
    await expect(page.getByTestId("series-panel")).toBeVisible();
    await screenshots(page, `series-panel-${locale}`, { scrollTo: page.getByTestId("series-panel") });

    await page.getByRole("button", { name: EDIT[locale] }).click();
    const dialog = page.getByRole("dialog", { name: EDIT[locale] });
    await expect(dialog.locator('input[name="itemDescription"]')).toBeVisible();
    await screenshots(page, `series-edit-${locale}`, { scrollTo: dialog.locator(".alert") });
    await screenshots(page, `series-edit-until-${locale}`, { scrollTo: dialog.locator('input[name="repeatUntil"]') });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: SKIP[locale] }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText("Hugo");
    await screenshots(page, `series-skip-taken-${locale}`, { viewportOnly: true });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
  }
});
