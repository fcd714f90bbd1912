import { readFile } from "node:fs/promises";
import { parseCalendar } from "@hyn/api/testing/calendar";
import type { Page } from "@playwright/test";
import { daysFromNow, expect, inviteAndJoin, signUpAndConfirm, test, type Mailbox } from "./support";

/** The owner's group with `invitee` in it, through the API and the e-mailed invitation. */
async function groupWith(owner: Page, invitee: Page, mailbox: Mailbox, inviteeEmail: string): Promise<string> {
  const created = await owner.request.post("/api/groups", {
    data: { name: `Calendar Close ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(201);
  const groupId = ((await created.json()) as { id: string }).id;
  await inviteAndJoin(owner, invitee, mailbox, groupId, inviteeEmail);
  return groupId;
}

test("a helper adds a claimed request to their calendar", async ({ page, browser, baseURL, mailbox }) => {
  const helper = await signUpAndConfirm(page, mailbox, { name: "Hana Helper" });
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await signUpAndConfirm(ownerPage, mailbox, { name: "Ömer, the; Owner" });
  const groupId = await groupWith(ownerPage, page, mailbox, helper.email);
  const neededBy = new Date(daysFromNow(2));
  neededBy.setUTCSeconds(0, 0);
  const posted = await ownerPage.request.post("/api/requests", {
    data: {
      groupId,
      itemDescription: "Größe; 牛乳, eggs",
      pickupNotes: "Flat 3;\nring twice",
      neededBy: neededBy.toISOString(),
    },
  });
  expect(posted.status()).toBe(201);
  const requestId = ((await posted.json()) as { id: string }).id;
  await ownerContext.close();

  await page.goto("/");
  const card = page.getByTestId("request-card").filter({ hasText: "Größe; 牛乳, eggs" });
  // Nothing to put in a calendar before the request is claimed.
  await expect(card.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  await card.getByRole("button", { name: "I can help" }).click();
  await expect(card.getByTestId("request-status")).toHaveAttribute("data-status", "claimed");

  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Add to calendar" }).click();
  const download = await downloading;
  // Named after the item, whatever its characters (RFC 8187's filename*).
  expect(download.suggestedFilename()).toBe("Größe; 牛乳, eggs.ics");
  const calendar = parseCalendar(await readFile((await download.path())!, "utf8"));
  expect(calendar.events).toHaveLength(1);
  const [event] = calendar.events;
  expect(event).toMatchObject({
    uid: `request-${requestId}@localhost`,
    status: "CONFIRMED",
    sequence: 1,
    summary: "Help Ömer, the; Owner with Größe; 牛乳, eggs",
    url: `${baseURL}/requests/${requestId}`,
  });
  expect(event!.start).toEqual(neededBy);
  expect(event!.description).toContain("Pickup notes: Flat 3;\nring twice");

  // The same file came with the claim confirmation.
  await expect
    .poll(async () => (await mailbox.all(helper.email)).map((m) => m.subject))
    .toContain("You're helping Ömer, the; Owner with Größe; 牛乳, eggs");
});

test("a member copies their calendar feed link and swaps it for a new one", async ({
  page,
  baseURL,
  mailbox,
  context,
  playwright,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAndConfirm(page, mailbox, { name: "Fey Feed" });
  await page.goto("/profile");
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Calendar", exact: true }) })
    .first();
  const field = section.getByLabel("Your calendar link");
  await expect(field).toHaveValue(/\/api\/calendar\/[a-z2-7]{32}\.ics$/);
  const first = await field.inputValue();

  await section.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Calendar link copied" })).toBeVisible();
  // The specs compile without the DOM's types: the browser's clipboard, typed here as far as it is used.
  const readClipboard = () =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText();
  expect(await page.evaluate(readClipboard)).toBe(first);

  // A calendar app has no session: a fresh client, no cookies.
  const calendarApp = await playwright.request.newContext({ baseURL });
  const served = await calendarApp.get(new URL(first).pathname);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(parseCalendar(await served.text()).events).toEqual([]);

  await section.getByRole("button", { name: "Get a new link" }).click();
  const dialog = page.getByRole("dialog", { name: "Get a new calendar link?" });
  await expect(dialog).toContainText("stops working at once");
  await dialog.getByRole("button", { name: "Get a new link" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Your new calendar link is ready" })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();

  expect((await calendarApp.get(new URL(first).pathname)).status()).toBe(404);
  expect((await calendarApp.get(new URL(second).pathname)).status()).toBe(200);
  // The new link stays after a reload.
  await page.reload();
  await expect(field).toHaveValue(second);
  await calendarApp.dispose();
});
