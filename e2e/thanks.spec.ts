import type { Locator, Page } from "@playwright/test";
import { daysFromNow, expect, inviteAndJoin, screenshot, signUpAndConfirm, test, type Mailbox } from "./support";

/** The card of the request described as `item` in the dashboard section titled `title`. */
function card(page: Page, title: string, item: string): Locator {
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
  return section.getByTestId("request-card").filter({ has: page.getByRole("heading", { name: item, exact: true }) });
}

async function groupWithNeighbour(
  owner: Page,
  neighbour: Page,
  mailbox: Mailbox,
  neighbourEmail: string,
): Promise<string> {
  const created = await owner.request.post("/api/groups", { data: { name: `Thanks Row ${Date.now().toString(36)}` } });
  const { id: groupId } = (await created.json()) as { id: string };
  await inviteAndJoin(owner, neighbour, mailbox, groupId, neighbourEmail);
  return groupId;
}

async function openDashboard(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-status", "live");
}

test("a requester thanks the neighbour who fulfilled their request", async ({
  page,
  mailbox,
  secondPerson,
}, testInfo) => {
  await signUpAndConfirm(page, mailbox, { name: "Olive Owner" });
  const { context, page: neighbourPage, errors: neighbourErrors } = await secondPerson();
  const neighbour = await signUpAndConfirm(neighbourPage, mailbox, { name: "Nico Neighbour" });
  const groupId = await groupWithNeighbour(page, neighbourPage, mailbox, neighbour.email);

  const posted = await page.request.post("/api/requests", {
    data: {
      groupId,
      itemDescription: "A loaf of rye bread",
      neededBy: daysFromNow(2),
    },
  });
  const { id: requestId } = (await posted.json()) as { id: string };
  expect((await neighbourPage.request.post(`/api/requests/${requestId}/claim`)).ok()).toBe(true);
  expect((await neighbourPage.request.post(`/api/requests/${requestId}/fulfill`)).ok()).toBe(true);

  await openDashboard(neighbourPage);
  await openDashboard(page);
  const mine = card(page, "Your Requests", "A loaf of rye bread");
  await expect(mine.getByTestId("request-status")).toHaveAttribute("data-status", "fulfilled");
  const thankButton = mine.getByRole("button", { name: "Thank you" });
  await expect(thankButton).toBeVisible();
  await screenshot(page, testInfo.outputPath("thank-you-desktop.png"), { fullPage: true });

  // One tap, from the keyboard.
  await thankButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast").filter({ hasText: "Your thanks went to Nico Neighbour." })).toBeVisible();
  await expect(mine).toContainText("Thanks sent");
  await expect(mine.getByRole("button", { name: "Thank you" })).toHaveCount(0);

  // The helper's dashboard shows it live, on the card of the request they fulfilled.
  const helped = card(neighbourPage, "Requests you can help with", "A loaf of rye bread");
  await expect(helped).toContainText("Olive Owner thanked you");
  await expect(neighbourPage.getByRole("status").filter({ hasText: "its requester said thank you" })).toBeVisible();

  // And by e-mail, with a link that opens the request's own page.
  // (The helper also had the claim confirmation, with the same link: the thanks is the one that says so.)
  await expect
    .poll(async () => (await mailbox.all(neighbour.email)).map((m) => m.subject))
    .toContain("Olive Owner thanked you for helping with A loaf of rye bread");
  const mail = (await mailbox.all(neighbour.email)).find(
    (m) => m.subject === "Olive Owner thanked you for helping with A loaf of rye bread",
  )!;
  const link = mail.links.find((l) => l.endsWith(`/requests/${requestId}`))!;
  expect(link).toBeDefined();
  await neighbourPage.setViewportSize({ width: 390, height: 844 });
  await neighbourPage.goto(link);
  await expect(neighbourPage.getByTestId("request-card")).toContainText("Olive Owner thanked you");
  await expect.poll(() => neighbourPage.locator("html").evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(neighbourPage, testInfo.outputPath("thanked-390.png"), { fullPage: true });

  // It stays sent: after a reload, on a phone-sized screen too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(mine).toContainText("Thanks sent");
  await screenshot(page, testInfo.outputPath("thanks-sent-390.png"), { fullPage: true });

  await context.close();
  expect(neighbourErrors, "unexpected console errors in the neighbour's browser").toEqual([]);
});
