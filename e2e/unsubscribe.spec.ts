import { messages } from "@hyn/validators/messages";
import type { Browser, Page } from "@playwright/test";
import { daysFromNow, expect, screenshot, signUpAndConfirm, test, type Mailbox } from "./support";

/**
 * Issue 15: the page behind the "Unsubscribe" link of a non-essential e-mail, opened logged out, as
 * from a mail client. The link is read from the dev mailbox, where it is also the List-Unsubscribe URL.
 */

interface MailWithHeaders {
  subject: string;
  links: string[];
  headers: Record<string, string>;
}

/** Waits for an e-mail to `to` whose subject matches, and returns its unsubscribe link (footer = header). */
async function unsubscribeLinkOf(baseURL: string, to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${baseURL}/dev/mailbox?to=${encodeURIComponent(to)}`);
    const email = ((await response.json()) as { emails: MailWithHeaders[] }).emails.find((e) =>
      subject.test(e.subject),
    );
    if (email) {
      const link = email.links.find((l) => l.includes("/unsubscribe/"))!;
      expect(email.headers["List-Unsubscribe"]).toBe(`<${link}>`);
      expect(email.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      return link;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} about ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function personIn(browser: Browser, baseURL: string, mailbox: Mailbox, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, ...(await signUpAndConfirm(page, mailbox, { name })) };
}

/** Ada owns the group and posts; Bea, a member hearing of new requests at once, gets the notice. */
async function newRequestNotice(page: Page, browser: Browser, baseURL: string, mailbox: Mailbox) {
  const ada = await signUpAndConfirm(page, mailbox, { name: "Ada" });
  const bea = await personIn(browser, baseURL, mailbox, "Bea");
  const groupName = `Elm Street ${Date.now().toString(36)}`;
  const group = await page.request.post("/api/groups", { data: { name: groupName } });
  const groupId = ((await group.json()) as { id: string }).id;
  const invite = await page.request.post("/api/invites", { data: { groupId, email: bea.email } });
  const { token } = (await invite.json()) as { token: string };
  expect((await bea.page.request.post(`/api/invites/${encodeURIComponent(token)}/join`)).ok()).toBe(true);
  expect((await bea.page.request.put("/api/user/email-preferences", { data: { frequency: "immediate" } })).ok()).toBe(
    true,
  );
  const neededBy = daysFromNow(2);
  expect(
    (await page.request.post("/api/requests", { data: { groupId, itemDescription: "Oat milk", neededBy } })).status(),
  ).toBe(201);
  const link = await unsubscribeLinkOf(baseURL, bea.email, /^New request in Elm Street/);
  // From here on Bea is a logged-out visitor, as when she opens the link from her mail client.
  await bea.context.close();
  await page.context().clearCookies();
  return { ada, bea, groupName, link };
}

test("a neighbour leaves new-request e-mails of one group from the link in an e-mail", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const { groupName, link } = await newRequestNotice(page, browser, baseURL!, mailbox);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText(`You will stop receiving e-mails about new requests in ${groupName}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage notifications" })).toBeVisible();
  await screenshot(page, "test-results/unsubscribe-confirm-desktop.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "test-results/unsubscribe-confirm-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  const done = page.getByRole("heading", { level: 1, name: "You are unsubscribed" });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(page.getByText(`You will no longer receive e-mails about new requests in ${groupName}.`)).toBeVisible();
  await screenshot(page, "test-results/unsubscribe-done-desktop.png", { fullPage: true });

  // Opening the link again changes nothing and tells it as it is now.
  await page.goto(link);
  await expect(page.getByText(`You already receive no e-mails about new requests in ${groupName}.`)).toBeVisible();

  // "Manage notifications" asks a logged-out visitor to log in first.
  await page.getByRole("link", { name: "Manage notifications" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%23notifications/);
});

test("a neighbour stops all e-mails from the link", async ({ page, browser, baseURL, mailbox }) => {
  const { bea, link } = await newRequestNotice(page, browser, baseURL!, mailbox);

  await page.goto(link);
  await page.getByRole("button", { name: "Stop all e-mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All e-mails stopped" })).toBeVisible();
  await expect(
    page.getByText("Help Your Neighbor will send you no more notification e-mails.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop all e-mails" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "test-results/unsubscribe-all-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Bea's profile now says Never.
  await page.goto("/login");
  await page.getByLabel("Email").fill(bea.email);
  await page.getByLabel("Password").fill(bea.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByLabel("Never")).toBeChecked();
});

test("a tampered link says it is not valid", async ({ page, browser, baseURL, mailbox }) => {
  const { link } = await newRequestNotice(page, browser, baseURL!, mailbox);
  const token = link.split("/").pop()!;
  const tampered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;

  await page.goto(link.replace(token, tampered));
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByText(messages.unsubscribeLinkInvalid)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe", exact: true })).toHaveCount(0);
  await screenshot(page, "test-results/unsubscribe-invalid-desktop.png", { fullPage: true });

  // The real link still works: the tampered one changed nothing.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Unsubscribe", exact: true })).toBeVisible();
});
