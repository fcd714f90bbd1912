import type { Page } from "@playwright/test";
import { api, expect, test } from "./support";

/** A date-and-time field's value `days` from now in the browser's own time zone. */
async function localDateTime(page: Page, days: number, time: string): Promise<string> {
  return page.evaluate(
    ([d, t]) => {
      const date = new Date();
      date.setDate(date.getDate() + Number(d));
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${t}`;
    },
    [String(days), time] as const,
  );
}

test("a neighbour asks to be asked first if there is no oat milk, and only her helper sees her phone", async ({
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
    generalArea: null,
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
  await dialog.screenshot({ path: testInfo.outputPath("ask-first-form-light.png") });
  await page.emulateMedia({ colorScheme: "dark" });
  await dialog.screenshot({ path: testInfo.outputPath("ask-first-form-dark.png") });
  await page.emulateMedia({ colorScheme: "light" });
  await dialog.getByRole("button", { name: "Create Request" }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByTestId("request-card").filter({ hasText: "Oat milk, barista" });
  await expect(mine).toContainText("If not thereAsk me first");
  const requestId = (await mine.getAttribute("data-request-id"))!;

  // The helper sees the choice on the card, claims it on its page, and then sees her phone.
  const { page: helperPage } = await secondPerson({ user: helper });
  await helperPage.setViewportSize({ width: 390, height: 844 });
  await helperPage.goto(`/requests/${requestId}`);
  await expect(helperPage.getByTestId("request-card")).toContainText("Ask me first");
  await expect(helperPage.getByTestId("requester-phone")).toHaveCount(0);
  await helperPage.getByRole("button", { name: "I can help" }).click();
  const phone = helperPage.getByTestId("requester-phone");
  await expect(phone).toContainText("Rosa Requester asked to be asked first if it is not there.");
  await expect(phone.getByRole("link", { name: "+44 20 7946 0958" })).toHaveAttribute("href", "tel:+442079460958");
  await helperPage.screenshot({ path: testInfo.outputPath("ask-first-helper-390.png"), fullPage: true });
  await helperPage.emulateMedia({ colorScheme: "dark" });
  await helperPage.screenshot({ path: testInfo.outputPath("ask-first-helper-390-dark.png"), fullPage: true });

  // Another member, and the requester herself, never see it.
  const { page: otherPage } = await secondPerson({ user: other });
  await otherPage.goto(`/requests/${requestId}`);
  await expect(otherPage.getByTestId("request-card")).toContainText("Ask me first");
  await expect(otherPage.getByTestId("requester-phone")).toHaveCount(0);
  await expect(otherPage.getByText("+44 20 7946 0958")).toHaveCount(0);
  await page.goto(`/requests/${requestId}`);
  await expect(page.getByTestId("request-card")).toContainText("Ask me first");
  await expect(page.getByText("+44 20 7946 0958")).toHaveCount(0);
});
