import { createRequest, daysFromNow, expect, groupCard, screenshots, test } from "./support";

/**
 * Issue 41 §5, PRODUCT "Quiet members": a member who has not visited for a month gets one e-mail of what
 * their group did, and the owner's member list says how long they have been quiet; nobody is removed.
 * A month passes through POST /dev/quiet-members (NODE_ENV=test only): it sets the member's last visit
 * back and runs the day's job, whose e-mail is read from the dev mailbox like any other.
 */

interface MonthMail {
  subject: string;
  text: string;
  links: string[];
  headers: Record<string, string>;
}

/** Waits for the month's e-mail to `to` in the dev mailbox, headers and all, as a mail client sees it. */
async function monthMailTo(baseURL: string, to: string): Promise<MonthMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${baseURL}/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { emails } = (await response.json()) as { emails: MonthMail[] };
    const found = emails.find((e) => /did this month$/.test(e.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No month's e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test("an owner sees a member quiet for 5 weeks, and the quiet member hears what the group did this month", async ({
  page,
  baseURL,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Olive Owner");
  const quiet = await confirmedUser("Quinn Quiet");
  const neighbour = await confirmedUser("Nia Neighbour");
  const groupName = `Willow Row ${Date.now().toString(36)}`;
  const street = await groupWith(owner, groupName, [quiet, neighbour]);
  await createRequest(baseURL!, owner, {
    groupId: street,
    itemDescription: "A loaf of rye bread",
    neededBy: daysFromNow(3),
  });

  const month = await page.request.post(`${baseURL}/dev/quiet-members`, {
    data: { email: quiet.email, quietDays: 35 },
  });
  expect(month.ok()).toBe(true);

  // The quiet member's e-mail: the group's month, with its one-click unsubscribe.
  const mail = await monthMailTo(baseURL!, quiet.email);
  expect(mail.subject).toBe(`What ${groupName} did this month`);
  expect(mail.text).toContain("Still needed, 1 request:\n\n- A loaf of rye bread for Olive Owner, by ");
  expect(mail.text).toContain("New here: Olive Owner and Nia Neighbour.");
  const unsubscribe = mail.links.find((l) => l.includes("/unsubscribe/"))!;
  expect(mail.headers["List-Unsubscribe"]).toBe(`<${unsubscribe}>`);

  // The owner's member list; the neighbour's shows nothing of anyone's activity.
  await signedInPage(owner);
  await page.goto("/groups");
  const card = groupCard(page, groupName);
  await card.getByRole("button", { name: "View Members" }).click();
  const quinn = card.locator(".member").filter({ hasText: "Quinn Quiet" });
  await expect(quinn).toContainText("quiet for 5 weeks");
  await expect(card.locator(".member").filter({ hasText: "Nia Neighbour" })).not.toContainText("quiet for");
  // Nobody is removed: Quinn is still a member, with the same actions as anyone.
  await expect(card.getByRole("button", { name: "Remove Quinn Quiet" })).toBeVisible();
  await screenshots(page, "quiet-member-list", { target: card });

  // The kind is among the others in the profile, on by default, and e-mail only.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/profile#notifications");
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section.getByRole("switch", { name: "E-mail: After a month away: what my groups did" })).toBeChecked();
  await expect(section.getByRole("switch", { name: "Push: After a month away: what my groups did" })).toBeDisabled();
  await screenshots(page, "quiet-notifications-kind", { target: section, themes: ["light"] });

  // The e-mail's link, opened logged out, turns this kind off.
  const visitor = await page.context().browser()!.newContext({ baseURL });
  const unsubscribePage = await visitor.newPage();
  await unsubscribePage.goto(unsubscribe);
  await expect(
    unsubscribePage.getByText("You will stop receiving e-mails about your groups' news after a month away."),
  ).toBeVisible();
  await unsubscribePage.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(unsubscribePage.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await expect(
    unsubscribePage.getByText("You will no longer receive e-mails about your groups' news after a month away."),
  ).toBeVisible();
  await screenshots(unsubscribePage, "quiet-unsubscribed", { themes: ["light"] });
  await visitor.close();
});
