import { api, expect, localDateTime, screenshot, test } from "./support";

test("a neighbour asks to be asked first if there is no oat milk; while it is claimed she and her helper see each other's phone and area, and a third member does not", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
  secondPerson,
}, testInfo) => {
  const asker = await confirmedUser("Rosa Requester");
  const helper = await confirmedUser("Hugo Helper");
  const other = await confirmedUser("Otto Other");
  await api(baseURL!, asker.token, "PUT", "/user/profile", {
    name: "Rosa Requester",
    phone: "+44 20 7946 0958",
    generalArea: "Elm Street",
  });
  await api(baseURL!, helper.token, "PUT", "/user/profile", {
    name: "Hugo Helper",
    phone: "0151 234 5678",
    generalArea: "Oak Close",
  });
  await groupWith(asker, `Oat Lane ${Date.now().toString(36)}`, [helper, other]);

  // She asks through the form, choosing "Ask me first" (a similar one is fine until she does).
  await signedInPage(asker);
  await page.goto("/");
  await page.getByRole("button", { name: "New Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Request" });
  await dialog.getByLabel("Item description").fill("Oat milk, barista");
  await dialog.getByLabel("Needed by").fill(await localDateTime(page, 2, "18:30"));
  await expect(dialog.getByRole("radio", { name: "A similar one is fine" })).toBeChecked();
  await dialog.getByRole("radio", { name: "Ask me first" }).check();
  await screenshot(dialog, testInfo.outputPath("ask-first-form-light.png"));
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(dialog, testInfo.outputPath("ask-first-form-dark.png"));
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByTestId("request-card").filter({ hasText: "Oat milk, barista" });
  await expect(mine).toContainText("If not thereAsk me first");
  const requestId = (await mine.getAttribute("data-request-id"))!;

  // The helper sees the choice on the card, claims it on its page, and then sees her phone and area.
  const { page: helperPage } = await secondPerson({ user: helper });
  await helperPage.setViewportSize({ width: 390, height: 844 });
  await helperPage.goto(`/requests/${requestId}`);
  await expect(helperPage.getByTestId("request-card")).toContainText("Ask me first");
  await expect(helperPage.getByTestId("claim-contact")).toHaveCount(0);
  await helperPage.getByRole("button", { name: "I can help" }).click();
  const hers = helperPage.getByRole("region", { name: "How to reach Rosa Requester" });
  await expect(hers).toContainText("Rosa Requester asked to be asked first if it is not there.");
  await expect(hers.getByRole("link", { name: "+44 20 7946 0958" })).toHaveAttribute("href", "tel:+442079460958");
  await expect(hers).toContainText("Elm Street");
  await screenshot(helperPage, testInfo.outputPath("contact-helper-390.png"), { fullPage: true });
  await helperPage.emulateMedia({ colorScheme: "dark" });
  await screenshot(helperPage, testInfo.outputPath("contact-helper-390-dark.png"), { fullPage: true });

  // She sees his, on the same page.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/requests/${requestId}`);
  const his = page.getByRole("region", { name: "How to reach Hugo Helper" });
  await expect(his.getByRole("link", { name: "0151 234 5678" })).toHaveAttribute("href", "tel:01512345678");
  await expect(his).toContainText("Oak Close");
  await expect(his).not.toContainText("asked to be asked first");
  await screenshot(page, testInfo.outputPath("contact-requester-1280.png"), { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo.outputPath("contact-requester-1280-dark.png"), { fullPage: true });

  // Another member sees neither phone.
  const { page: otherPage } = await secondPerson({ user: other });
  await otherPage.goto(`/requests/${requestId}`);
  await expect(otherPage.getByTestId("request-card")).toContainText("Ask me first");
  await expect(otherPage.getByTestId("claim-contact")).toHaveCount(0);
  await expect(otherPage.getByText("+44 20 7946 0958")).toHaveCount(0);
  await expect(otherPage.getByText("0151 234 5678")).toHaveCount(0);

  // Once delivered, the two of them no longer see each other's.
  await helperPage.getByRole("button", { name: "Mark fulfilled" }).click();
  await expect(helperPage.getByTestId("claim-contact")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("request-card")).toContainText("Ask me first");
  await expect(page.getByTestId("claim-contact")).toHaveCount(0);
});
